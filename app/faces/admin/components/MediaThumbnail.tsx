import { Thumbnail } from "@shopify/polaris";
import { ImageIcon } from "@shopify/polaris-icons";
import { useEffect, useState } from "react";

/** The first image of a card or twin; a placeholder when it has none or it does not load. */
export function MediaThumbnail({ images, alt, size = "small" }: { images: readonly string[]; alt: string; size?: "small" | "large" }) {
  const source = images[0];
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    setBroken(false);
    if (!source) return;
    // Thumbnail's own <img> takes no onError: a probe of the same URL tells whether it loads.
    const probe = new Image();
    probe.onerror = () => setBroken(true);
    probe.src = source;
    return () => {
      probe.onerror = null;
    };
  }, [source]);
  return <Thumbnail source={source && !broken ? source : ImageIcon} alt={alt} size={size} />;
}
