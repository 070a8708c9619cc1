/**
 * Geometry of geo fences (ADS.md §3.6, §5), zod-free: the editor checks a drawn area as it is
 * drawn, the API refuses the same areas, and serving places a reader with the same functions.
 * Points are [latitude, longitude] in degrees.
 */

export type LatLng = readonly [number, number];

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine), in km. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b[0] - a[0]);
  const dLng = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether an area jumps across the 180th meridian (an edge spanning more than half the globe). */
export function crossesAntimeridian(points: readonly LatLng[]): boolean {
  return points.some((p, i) => {
    const q = points[(i + 1) % points.length];
    return q !== undefined && Math.abs(q[1] - p[1]) > 180;
  });
}

/** Area in km², projected around the area's mean latitude: exact enough for areas of a country's size. */
export function areaKm2(points: readonly LatLng[]): number {
  if (points.length < 3) return 0;
  const lat0 = rad(points.reduce((s, p) => s + p[0], 0) / points.length);
  const kmPerDegLat = (Math.PI * EARTH_RADIUS_KM) / 180;
  const xy = points.map((p) => [p[1] * kmPerDegLat * Math.cos(lat0), p[0] * kmPerDegLat] as const);
  let twice = 0;
  for (let i = 0; i < xy.length; i++) {
    const a = xy[i];
    const b = xy[(i + 1) % xy.length];
    if (a && b) twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twice) / 2;
}

function orientation(p: LatLng, q: LatLng, r: LatLng): number {
  const v = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(p: LatLng, q: LatLng, r: LatLng): boolean {
  return (
    Math.min(p[0], r[0]) <= q[0] &&
    q[0] <= Math.max(p[0], r[0]) &&
    Math.min(p[1], r[1]) <= q[1] &&
    q[1] <= Math.max(p[1], r[1])
  );
}

function segmentsIntersect(a: LatLng, b: LatLng, c: LatLng, d: LatLng): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(a, c, b)) ||
    (o2 === 0 && onSegment(a, d, b)) ||
    (o3 === 0 && onSegment(c, a, d)) ||
    (o4 === 0 && onSegment(c, b, d))
  );
}

/** Whether two edges that do not share a corner touch or cross (the area is not simple). */
export function edgesCross(points: readonly LatLng[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a corner; the first and the last do too.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      const a = points[i];
      const b = points[(i + 1) % n];
      const c = points[j];
      const d = points[(j + 1) % n];
      if (a && b && c && d && segmentsIntersect(a, b, c, d)) return true;
    }
  }
  return false;
}

/** Ray casting: whether a point lies inside a simple polygon. */
export function insidePolygon(point: LatLng, points: readonly LatLng[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i];
    const b = points[j];
    if (!a || !b) continue;
    if (a[1] > point[1] !== b[1] > point[1]) {
      const lat = ((b[0] - a[0]) * (point[1] - a[1])) / (b[1] - a[1]) + a[0];
      if (point[0] < lat) inside = !inside;
    }
  }
  return inside;
}
