import { describe, expect, it } from "vitest";
import { linkOrigin } from "./link-origin.ts";

const at = (host: string, protocol = "http") => ({ protocol, host });

describe("linkOrigin", () => {
  it("follows another loopback name of a loopback server, on its port", () => {
    const local = "http://localhost:3000";
    expect(linkOrigin(local, at("127.0.0.1:3000"))).toBe("http://127.0.0.1:3000");
    expect(linkOrigin(local, at("[::1]:3000"))).toBe("http://[::1]:3000");
    expect(linkOrigin("http://127.0.0.1:3000", at("localhost:3000"))).toBe("http://localhost:3000");
    expect(linkOrigin(local, at("localhost:3000"))).toBe(local);
  });

  it("keeps the public origin for any other name, port or scheme", () => {
    const local = "http://localhost:3000";
    expect(linkOrigin(local, at("evil.example:3000"))).toBe(local);
    expect(linkOrigin(local, at("127.0.0.1:4000"))).toBe(local);
    expect(linkOrigin(local, at("127.0.0.1:3000", "https"))).toBe(local);
    expect(linkOrigin(local, at("127.0.0.1:3000/evil"))).toBe(local);
    expect(linkOrigin(local, at("127.0.0.1:3000@evil.example"))).toBe(local);
    expect(linkOrigin(local, at("not a host"))).toBe(local);
  });

  it("never follows the Host of a server announced on a public name", () => {
    const site = "https://flipside.example";
    expect(linkOrigin(site, at("127.0.0.1"))).toBe(site);
    expect(linkOrigin(site, at("evil.example", "https"))).toBe(site);
  });
});
