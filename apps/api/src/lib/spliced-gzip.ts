import { constants, crc32, deflateRawSync } from "node:zlib";
import { compactBuffers } from "./compact-buffer.ts";

/**
 * Gzip for a cached page whose CSP nonce differs on every response. The stretches between the
 * nonces are compressed once, when the page is stored; a response is those stretches with its
 * own nonce spliced in between as uncompressed ("stored") deflate blocks, and the gzip trailer's
 * CRC-32 is combined arithmetically from the stretches' CRCs. A hit therefore neither compresses
 * nor scans the page, and every response still carries a nonce nobody has seen before.
 *
 * Each stretch is compressed with the page before it as its preset dictionary (as pigz does), so
 * the many short stretches of a page head still compress against everything already sent. In
 * that dictionary each nonce is stood in for by NUL bytes of the same length: HTML never contains
 * NUL, so no back-reference can copy from where the nonce will be, and distances stay aligned.
 */
export interface SplicedGzip {
  /** Raw deflate of each stretch, ending byte-aligned (sync flush) and not final. */
  deflated: Buffer[];
  crcs: number[];
  lengths: number[];
  fillerLength: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty stored block with BFINAL set closes the deflate stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const WINDOW = 32 * 1024;

export function prepareSplicedGzip(stretches: Buffer[], fillerLength: number): SplicedGzip {
  const placeholder = Buffer.alloc(fillerLength);
  const whole = Buffer.concat(stretches.flatMap((s, i) => (i > 0 ? [placeholder, s] : [s])));
  let offset = 0;
  const deflated = stretches.map((stretch, i) => {
    if (i > 0) offset += fillerLength;
    const dictionary = whole.subarray(Math.max(0, offset - WINDOW), offset);
    offset += stretch.length;
    return deflateRawSync(stretch, {
      finishFlush: constants.Z_SYNC_FLUSH,
      ...(dictionary.length ? { dictionary } : {}),
    });
  });
  return {
    // One allocation for the page's compressed stretches, not a 64 KiB zlib chunk for each.
    deflated: compactBuffers(deflated),
    crcs: stretches.map((s) => crc32(s)),
    lengths: stretches.map((s) => s.length),
    fillerLength,
  };
}

/** The gzip member of the stretches joined by `filler`, which has the length prepared for. */
export function spliceGzip(prepared: SplicedGzip, filler: Buffer): Buffer {
  if (filler.length !== prepared.fillerLength || filler.length > 0xffff || filler.includes(0)) {
    throw new RangeError("the filler must have the prepared length and no NUL byte");
  }
  const stored = Buffer.allocUnsafe(5 + filler.length);
  stored[0] = 0; // BFINAL=0, BTYPE=00; the stream is byte-aligned after a sync flush.
  stored.writeUInt16LE(filler.length, 1);
  stored.writeUInt16LE(~filler.length & 0xffff, 3);
  filler.copy(stored, 5);
  const fillerCrc = crc32(filler);

  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  prepared.deflated.forEach((deflated, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = crc32Combine(crc, fillerCrc, filler.length);
      size += filler.length;
    }
    chunks.push(deflated);
    crc = crc32Combine(crc, prepared.crcs[i] as number, prepared.lengths[i] as number);
    size += prepared.lengths[i] as number;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

// CRC-32 of A‖B from crc(A), crc(B) and |B|: zlib's crc32_combine (GF(2) polynomial
// arithmetic modulo the reflected CRC-32 polynomial), which Node does not expose.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b;
  for (;;) {
    if (a & m) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

// X2N[k] = x^(2^k) modulo the polynomial.
const X2N: number[] = [];
for (let p = 0x40000000, n = 0; n < 32; n++) {
  X2N.push(p);
  p = multModP(p, p);
}

function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  let kk = k;
  for (let nn = n; nn > 0; nn = Math.floor(nn / 2)) {
    if (nn % 2) p = multModP(X2N[kk & 31] as number, p);
    kk++;
  }
  return p;
}

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  return (multModP(x2nModP(length2, 3), crc1) ^ crc2) >>> 0;
}
