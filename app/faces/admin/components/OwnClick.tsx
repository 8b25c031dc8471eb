import type { ReactNode } from "react";

/**
 * Inside a list row that opens its item when clicked (Polaris' dataPrimaryLink): a link or
 * button of its own, whose click does its own thing only, not the row's too.
 */
export function OwnClick({ children }: { children: ReactNode }) {
  // A wrapper, not a control: the link or button inside is what keyboards and screen readers reach.
  return <div onClick={(event) => event.stopPropagation()}>{children}</div>;
}
