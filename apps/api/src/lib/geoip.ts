import type { LatLng } from "@flipside/contracts/ad-geo";
import { type CityResponse, open } from "maxmind";

/** Where a reader is, as far as their address tells: a country and, with a city database, a point. */
export interface Place {
  country: string | null;
  point: LatLng | null;
}

export interface GeoIp {
  /** The place of an address, or null when the database does not know it (or it is not an address). */
  place(address: string): Place | null;
}

/**
 * Opens a MaxMind-format database (GeoLite2 or DB-IP, Country or City; `GEOIP_DB`). A path that
 * is not such a database stops the server at start: fenced campaigns would otherwise never run
 * without anyone knowing why.
 */
export async function openGeoIp(path: string): Promise<GeoIp> {
  const reader = await open<CityResponse>(path, { cache: { max: 10_000 } }).catch((error: unknown) => {
    throw new Error(
      `GEOIP_DB=${path} is not a MaxMind-format database that can be read (${error instanceof Error ? error.message : String(error)})`,
    );
  });
  return {
    place(address) {
      let found: CityResponse | null;
      try {
        found = reader.get(address);
      } catch {
        // Not an address, or an IPv6 one asked of an IPv4-only database.
        return null;
      }
      if (!found) return null;
      const country = found.country?.iso_code ?? found.registered_country?.iso_code ?? null;
      const { latitude, longitude } = found.location ?? {};
      const point: LatLng | null =
        typeof latitude === "number" && typeof longitude === "number" ? [latitude, longitude] : null;
      return country || point ? { country, point } : null;
    },
  };
}
