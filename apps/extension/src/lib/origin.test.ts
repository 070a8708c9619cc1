import { describe, expect, it } from "vitest";
import { DEFAULT_ORIGIN, flipsideOrigin, originPattern } from "./origin.ts";

describe("flipsideOrigin", () => {
  it("takes an http(s) address's origin, and the npm start address by default", () => {
    expect(flipsideOrigin("https://flipside.example/some/path")).toBe("https://flipside.example");
    expect(flipsideOrigin(undefined)).toBe(DEFAULT_ORIGIN);
    expect(flipsideOrigin("")).toBe(DEFAULT_ORIGIN);
    expect(() => flipsideOrigin("ftp://flipside.example")).toThrow(/http or https/);
  });

  it("grants access to that host only", () => {
    expect(originPattern("http://127.0.0.1:41234")).toBe("http://127.0.0.1/*");
    expect(originPattern("https://flipside.example")).toBe("https://flipside.example/*");
  });
});
