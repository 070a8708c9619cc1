/**
 * Buffers that a cache keeps should own exactly their bytes. Node hands out small buffers as
 * slices of a shared 64 KiB slab (`Buffer.from`, `Buffer.concat` under half a slab), and zlib's
 * one-shot functions answer with a slice of their 64 KiB output chunk: a 40-byte compressed
 * stretch kept in a cache would hold 64 KiB of memory until it goes. The bench's soak found a
 * cached page holding a few MiB this way.
 */
export function compactBuffer(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

/** The UTF-8 bytes of `text` in a buffer of their own (see `compactBuffer`). */
export function compactBufferFrom(text: string): Buffer {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text);
  return own;
}

/** Several buffers joined into one of their own, and each as a view of it (one allocation). */
export function compactBuffers(buffers: Buffer[]): Buffer[] {
  const whole = Buffer.allocUnsafeSlow(buffers.reduce((n, b) => n + b.length, 0));
  let offset = 0;
  return buffers.map((b) => {
    b.copy(whole, offset);
    offset += b.length;
    return whole.subarray(offset - b.length, offset);
  });
}
