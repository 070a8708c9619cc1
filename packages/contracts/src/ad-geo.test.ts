import { describe, expect, it } from "vitest";
import {
  areaKm2,
  crossesAntimeridian,
  distanceKm,
  edgesCross,
  insidePolygon,
  type LatLng,
} from "./ad-geo.ts";
import { countryList, formatMicros, isCountryCode, microsPerMinor, twoSignificant } from "./ads-constants.ts";

const square = (lat: number, lng: number, d: number): LatLng[] => [
  [lat, lng],
  [lat, lng + d],
  [lat + d, lng + d],
  [lat + d, lng],
];

describe("geo fence geometry", () => {
  it("measures distances on the globe", () => {
    // Paris to Berlin is about 878 km.
    expect(distanceKm([48.8566, 2.3522], [52.52, 13.405])).toBeCloseTo(878, -1);
    expect(distanceKm([10, 10], [10, 10])).toBe(0);
  });

  it("measures areas, shrinking with latitude as degrees do", () => {
    const equator = areaKm2(square(0, 0, 1));
    expect(equator).toBeGreaterThan(12_000);
    expect(equator).toBeLessThan(12_500);
    // A degree of longitude at 60.5° north is cos(60.5°) of one at the equator.
    expect(areaKm2(square(60, 0, 1)) / equator).toBeCloseTo(Math.cos((60.5 * Math.PI) / 180), 2);
    expect(areaKm2(square(10, 10, 0.001))).toBeLessThan(1);
  });

  it("finds edges that cross, and areas across the 180th meridian", () => {
    expect(edgesCross(square(0, 0, 1))).toBe(false);
    expect(
      edgesCross([
        [0, 0],
        [1, 1],
        [0, 1],
        [1, 0],
      ]),
    ).toBe(true);
    expect(
      crossesAntimeridian([
        [0, 179],
        [1, -179],
        [1, 179],
      ]),
    ).toBe(true);
    expect(crossesAntimeridian(square(0, 170, 5))).toBe(false);
  });

  it("places a point inside or outside an area", () => {
    expect(insidePolygon([0.5, 0.5], square(0, 0, 1))).toBe(true);
    expect(insidePolygon([1.5, 0.5], square(0, 0, 1))).toBe(false);
    // A concave area: the notch is outside.
    const notched: LatLng[] = [
      [0, 0],
      [0, 3],
      [3, 3],
      [3, 2],
      [1, 2],
      [1, 1],
      [3, 1],
      [3, 0],
    ];
    expect(insidePolygon([2, 1.5], notched)).toBe(false);
    expect(insidePolygon([0.5, 1.5], notched)).toBe(true);
  });
});

describe("ads' numbers and places", () => {
  it("rounds audience sizes to two significant digits", () => {
    expect([7, 100, 155, 1234, 98_765].map(twoSignificant)).toEqual([7, 100, 160, 1200, 99_000]);
  });

  it("knows ISO 3166-1 countries, not groupings", () => {
    expect(isCountryCode("DE")).toBe(true);
    expect(isCountryCode("XK")).toBe(true);
    for (const code of ["EU", "UN", "ZZ", "XX", "UK"]) expect(isCountryCode(code)).toBe(false);
    expect(countryList().length).toBe(250);
  });

  it("writes micros as money, and knows a currency's cent", () => {
    expect(formatMicros(1_500_000, "EUR")).toBe("€1.50");
    expect(microsPerMinor("EUR")).toBe(10_000);
    expect(microsPerMinor("JPY")).toBe(1_000_000);
  });
});
