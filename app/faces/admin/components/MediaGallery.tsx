import { BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { MediaThumbnail } from "./MediaThumbnail";

/** An item's images as large thumbnails and its other URLs (videos, links) as links, under a heading. */
export function MediaGallery({
  title,
  images,
  links,
  alt,
  empty,
}: {
  title: string;
  images: string[];
  links: string[];
  alt: string;
  empty: string;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {images.length + links.length === 0 && (
          <Text as="p" tone="subdued">
            {empty}
          </Text>
        )}
        <InlineStack gap="300">
          {images.map((url) => (
            <MediaThumbnail key={url} images={[url]} alt={alt} size="large" />
          ))}
        </InlineStack>
        {links.map((url) => (
          <Link key={url} url={url} target="_blank">
            {url}
          </Link>
        ))}
      </BlockStack>
    </Card>
  );
}
