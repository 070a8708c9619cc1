import { writeFileSync } from "node:fs";

/**
 * Writes a small IPv4 MaxMind DB (format 2.0, https://maxmind.github.io/MaxMind-DB/) for tests:
 * real databases are tens of megabytes and licensed, and npm has no writer. Each network maps
 * to a GeoIP2-City-like record: country ISO code and, when given, a location.
 */

/** An unsigned integer of a fixed width (metadata's fields); a plain number is a double. */
class UInt {
  constructor(
    readonly value: number,
    readonly bytes: 2 | 4 | 8,
  ) {}
}
type Value = string | number | UInt | Value[] | { [key: string]: Value };

function control(type: number, size: number): Buffer {
  if (size >= 285) throw new Error("test MMDB values are small");
  const [low, extra] = size < 29 ? [size, []] : [29, [size - 29]];
  return Buffer.from(type <= 7 ? [(type << 5) | low, ...extra] : [low, type - 7, ...extra]);
}

function encode(value: Value): Buffer {
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([control(2, text.length), text]);
  }
  if (typeof value === "number") {
    const double = Buffer.alloc(8);
    double.writeDoubleBE(value);
    return Buffer.concat([control(3, 8), double]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  if (value instanceof UInt) {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(value.value));
    const type = value.bytes === 2 ? 5 : value.bytes === 4 ? 6 : 9;
    return Buffer.concat([control(type, value.bytes), bytes.subarray(8 - value.bytes)]);
  }
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([k, v]) => [encode(k), encode(v)])]);
}

interface TrieNode {
  /** 0 and 1: a node further down, a record's offset in the data section, or nothing. */
  child: (TrieNode | number | null)[];
}

export interface TestNetwork {
  /** "81.2.69.0/24" */
  cidr: string;
  country: string;
  location?: { latitude: number; longitude: number };
}

export function writeTestMmdb(path: string, networks: TestNetwork[]): void {
  const records: Buffer[] = [];
  let dataSize = 0;
  const root: TrieNode = { child: [null, null] };
  for (const network of networks) {
    const record: Value = {
      country: { iso_code: network.country },
      ...(network.location ? { location: network.location } : {}),
    };
    const offset = dataSize;
    const bytes = encode(record);
    records.push(bytes);
    dataSize += bytes.length;
    const [ip = "", length = "32"] = network.cidr.split("/");
    const address = ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
    let node = root;
    for (let bit = 0; bit < Number(length); bit++) {
      const side = (address >>> (31 - bit)) & 1;
      if (bit === Number(length) - 1) {
        node.child[side] = offset;
        break;
      }
      const next = node.child[side] ?? null;
      if (next === null || typeof next === "number") {
        const made: TrieNode = { child: [null, null] };
        node.child[side] = made;
        node = made;
      } else node = next;
    }
  }
  const nodes: TrieNode[] = [];
  const number = new Map<TrieNode, number>();
  const visit = (node: TrieNode) => {
    number.set(node, nodes.length);
    nodes.push(node);
    for (const child of node.child) if (child !== null && typeof child !== "number") visit(child);
  };
  visit(root);
  const count = nodes.length;
  const tree = Buffer.alloc(count * 6);
  nodes.forEach((node, i) => {
    node.child.forEach((child, side) => {
      const value =
        child === null
          ? count
          : typeof child === "number"
            ? count + 16 + child
            : (number.get(child) ?? count);
      tree.writeUIntBE(value, i * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    node_count: new UInt(count, 4),
    record_size: new UInt(24, 2),
    ip_version: new UInt(4, 2),
    database_type: "Flipside-Test-City",
    languages: ["en"],
    binary_format_major_version: new UInt(2, 2),
    binary_format_minor_version: new UInt(0, 2),
    build_epoch: new UInt(Math.floor(Date.now() / 1000), 8),
    description: { en: "Networks for Flipside's tests" },
  });
  writeFileSync(
    path,
    Buffer.concat([
      tree,
      Buffer.alloc(16),
      ...records,
      Buffer.from([0xab, 0xcd, 0xef]),
      Buffer.from("MaxMind.com"),
      metadata,
    ]),
  );
}
