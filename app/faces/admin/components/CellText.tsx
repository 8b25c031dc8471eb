import type { ReactNode } from "react";
import styles from "./CellText.module.css";

/**
 * Text of any length in a list's cell (a card's name, an e-mail address): Polaris' table cells do
 * not wrap, so a 60-character address widened the Cards list past the admin's frame. This wraps
 * within a bounded width, between words where it can and anywhere in an address where it must.
 */
export function CellText({ children }: { children: ReactNode }) {
  return <span className={styles.wrapping}>{children}</span>;
}
