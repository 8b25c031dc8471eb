import { Thumbnail } from "@shopify/polaris";
import { ImageIcon } from "@shopify/polaris-icons";

/** The first image of a card or twin, or a placeholder when it has none. */
export function MediaThumbnail({ images, alt }: { images: readonly string[]; alt: string }) {
  return <Thumbnail source={images[0] ?? ImageIcon} alt={alt} size="small" />;
}
