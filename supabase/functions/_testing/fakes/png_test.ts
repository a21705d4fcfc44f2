import assert from "node:assert/strict";
import { crc32, encodePng, gradientPng } from "./png.ts";

interface Chunk {
  type: string;
  data: Uint8Array;
  crc: number;
}

function readChunks(file: Uint8Array): Chunk[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const chunks: Chunk[] = [];
  for (let offset = 8; offset < file.length;) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(file.subarray(offset + 4, offset + 8));
    chunks.push({
      type,
      data: file.subarray(offset + 8, offset + 8 + length),
      crc: view.getUint32(offset + 8 + length),
    });
    offset += 12 + length;
  }
  return chunks;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Deno.test("crc32 matches the standard check value", () => {
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
  assert.equal(crc32(new Uint8Array(0)), 0);
});

Deno.test("encodePng writes the signature, IHDR, zlib IDAT and IEND with valid CRCs", async () => {
  const rgb = Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]);
  const file = await encodePng(2, 2, rgb);
  assert.deepEqual([...file.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks = readChunks(file);
  assert.deepEqual(chunks.map((chunk) => chunk.type), ["IHDR", "IDAT", "IEND"]);
  for (const chunk of chunks) {
    const typed = new Uint8Array(4 + chunk.data.length);
    typed.set(new TextEncoder().encode(chunk.type));
    typed.set(chunk.data, 4);
    assert.equal(chunk.crc, crc32(typed), `${chunk.type} CRC`);
  }
  const ihdr = new DataView(chunks[0].data.buffer, chunks[0].data.byteOffset, 13);
  assert.deepEqual([ihdr.getUint32(0), ihdr.getUint32(4), ...chunks[0].data.subarray(8)], [2, 2, 8, 2, 0, 0, 0]);
  assert.deepEqual([...await inflate(chunks[1].data)], [0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 10, 20, 30]);
});

Deno.test("encodePng refuses inconsistent input", async () => {
  await assert.rejects(encodePng(0, 1, new Uint8Array(0)), RangeError);
  await assert.rejects(encodePng(2, 2, new Uint8Array(11)), RangeError);
});

Deno.test("gradientPng: a 1024x1024 image decodes to the expected corners", async () => {
  const file = await gradientPng(1024, 1024, 7);
  const [ihdr, idat] = readChunks(file);
  assert.equal(new DataView(ihdr.data.buffer, ihdr.data.byteOffset).getUint32(0), 1024);
  const raw = await inflate(idat.data);
  assert.equal(raw.length, 1024 * (1024 * 3 + 1));
  const pixel = (x: number, y: number) => [...raw.subarray(y * 3073 + 1 + x * 3, y * 3073 + 4 + x * 3)];
  assert.deepEqual(pixel(0, 0), [0, 0, 7]);
  assert.deepEqual(pixel(1023, 1023), [255, 255, 7]);
});
