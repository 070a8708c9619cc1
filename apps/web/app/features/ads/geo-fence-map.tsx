import type * as Leaflet from "leaflet";
import { useEffect, useRef, useState } from "react";
import type { AdGeoFence } from "./ads-client.ts";

type Shape = AdGeoFence["shapes"][number];

/** Five decimals: about a metre, more than a reader's address-based location can tell. */
const round = (n: number) => Math.round(n * 100_000) / 100_000;

/**
 * The places of a geo fence on a map (ADS.md §1.5), drawn with Leaflet over the tiles the
 * operator configured (MAP_TILE_URL): circles and areas as they are, the area being drawn as a
 * line, and a click adds a point to it. Countries are listed, not drawn (no borders are shipped).
 * Leaflet touches `window` when it loads, so it is loaded in the browser only, with this module.
 */
export default function GeoFenceMap({
  tiles,
  shapes,
  draft,
  onPick,
}: {
  tiles: { url: string; attribution: string };
  shapes: readonly Shape[];
  /** The points of the area being typed or drawn. */
  draft: readonly [number, number][];
  onPick: (point: [number, number]) => void;
}) {
  const element = useRef<HTMLElement>(null);
  const map = useRef<{ L: typeof Leaflet; map: Leaflet.Map; layer: Leaflet.LayerGroup } | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let gone = false;
    void (async () => {
      const [{ default: L }] = await Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")]);
      if (gone || !element.current) return;
      const created = L.map(element.current, { center: [50, 10], zoom: 3, worldCopyJump: true });
      L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(created);
      created.on("click", (e: Leaflet.LeafletMouseEvent) =>
        pick.current([round(e.latlng.lat), round(e.latlng.lng)]),
      );
      map.current = { L, map: created, layer: L.layerGroup().addTo(created) };
      setReady(true);
    })();
    return () => {
      gone = true;
      map.current?.map.remove();
      map.current = null;
    };
  }, [tiles.url, tiles.attribution]);

  useEffect(() => {
    const current = map.current;
    if (!ready || !current) return;
    const { L, layer } = current;
    layer.clearLayers();
    const drawn: Leaflet.Layer[] = [];
    for (const shape of shapes) {
      if (shape.type === "CIRCLE") {
        drawn.push(L.circle([shape.lat, shape.lng], { radius: shape.radiusKm * 1000 }));
      } else if (shape.type === "POLYGON") {
        drawn.push(L.polygon(shape.points.map(([lat, lng]) => L.latLng(lat, lng))));
      }
    }
    if (draft.length > 0) {
      drawn.push(
        L.polyline(
          draft.map(([lat, lng]) => L.latLng(lat, lng)),
          { dashArray: "6 6" },
        ),
      );
    }
    for (const item of drawn) item.addTo(layer);
    const group = L.featureGroup(drawn);
    if (drawn.length > 0 && draft.length === 0)
      current.map.fitBounds(group.getBounds(), { maxZoom: 10, padding: [16, 16] });
  }, [ready, shapes, draft]);

  return (
    <div className="flex flex-col gap-1">
      <section
        ref={element}
        className="h-72 w-full overflow-hidden rounded-md border"
        aria-label="Map of the places. Click the map to add a point to the area below."
        data-testid="geo-map"
        data-ready={ready ? "true" : undefined}
      />
      <p className="text-muted-foreground text-xs">
        Click the map to add points to the area below; the arrow keys move the map and + and − zoom.
      </p>
    </div>
  );
}
