import { crc32, deflateSync } from "node:zlib";

/**
 * A PNG file, 8-bit RGB, written chunk by chunk: `rows` are its scanlines (each a filter byte, then
 * `width` × 3 bytes). Without rows it is a header alone, a file that claims its size and holds no pixels.
 */
export function pngFile(width: number, height: number, rows: Buffer[] | null): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(rows ? [chunk("IDAT", deflateSync(Buffer.concat(rows)))] : []),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
