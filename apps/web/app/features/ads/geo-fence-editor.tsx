import { AdGeoShape } from "@flipside/contracts/ads";
import { AD_LIMITS, AD_TARGETING_MESSAGES, countryList } from "@flipside/contracts/ads-constants";
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Field, FieldError } from "../../components/ui/field.tsx";
import { MapPin, Plus, X } from "../../components/ui/icons.tsx";
import { Input, inputVariants } from "../../components/ui/input.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { cn } from "../../lib/cn.ts";
import { type AdGeoFence, adsApi } from "./ads-client.ts";
import { nameProblem, OwnedEditor, saveWithMessages } from "./owned-editor.tsx";

type Shape = AdGeoFence["shapes"][number];

// Leaflet and its styles come only to an editor on a server with map tiles.
const GeoFenceMap = lazy(() => import("./geo-fence-map.tsx"));
type Place = Shape & { key: number };

/** A place as the list and the editor name it. */
export function placeLabel(shape: Shape): string {
  switch (shape.type) {
    case "COUNTRY":
      return countryList().find((c) => c.code === shape.country)?.name ?? shape.country;
    case "CIRCLE":
      return `${shape.radiusKm} km around ${shape.lat}, ${shape.lng}`;
    case "POLYGON":
      return `An area of ${shape.points.length} points`;
  }
}

/** The first problem the contract finds with a place, as the server would name it; null if none. */
function shapeProblem(candidate: unknown): string | null {
  const checked = AdGeoShape.safeParse(candidate);
  return checked.success ? null : (checked.error.issues[0]?.message ?? "Check this place.");
}

/** "52.52, 13.40" lines into [lat, lng] pairs; null with the line that is not a point. */
export function parsePoints(text: string): { points: [number, number][] } | { line: number } {
  const points: [number, number][] = [];
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)$/.exec(line);
    if (!m) return { line: i + 1 };
    points.push([Number(m[1]), Number(m[2])]);
  }
  return { points };
}

function AddBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-4">
      <legend className="px-1 font-medium text-sm">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A geo fence's editor (ADS.md §1.5): countries, circles and areas typed as points, each checked
 * by the same rules the server keeps before it is added.
 */
export function GeoFenceEditor({
  adAccountId,
  fence,
  canWrite,
  locationsConfigured,
  tiles,
  onClose,
  onSaved,
}: {
  adAccountId: string;
  fence: AdGeoFence | null;
  canWrite: boolean;
  locationsConfigured: boolean;
  /** MAP_TILE_URL's template and attribution; without them places are typed only. */
  tiles: { url: string; attribution: string } | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(fence?.name ?? "");
  const [places, setPlaces] = useState<Place[]>(() => (fence?.shapes ?? []).map((s, key) => ({ ...s, key })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [country, setCountry] = useState("");
  const [circle, setCircle] = useState({ lat: "", lng: "", radiusKm: "" });
  const [area, setArea] = useState("");
  const [problems, setProblems] = useState<{ country?: string; circle?: string; area?: string }>({});
  const ids = { country: useId() };
  const draft = useMemo(() => {
    const typed = parsePoints(area);
    return "points" in typed ? typed.points : [];
  }, [area]);
  const nextKey = () => Math.max(-1, ...places.map((p) => p.key)) + 1;
  const select = cn(inputVariants(), "pr-8");

  function add(shape: Shape, which: "country" | "circle" | "area"): boolean {
    const problem = shapeProblem(shape);
    setProblems((p) => ({ ...p, [which]: problem ?? undefined }));
    if (problem) return false;
    setPlaces((current) => [...current, { ...shape, key: nextKey() }]);
    setErrors(({ shapes: _, ...rest }) => rest);
    return true;
  }

  function addCircle() {
    const number = (v: string) => (v.trim() ? Number(v) : Number.NaN);
    const [lat, lng, radiusKm] = [number(circle.lat), number(circle.lng), number(circle.radiusKm)];
    if (Number.isNaN(lat) || Number.isNaN(lng) || Number.isNaN(radiusKm)) {
      setProblems((p) => ({ ...p, circle: "Enter a latitude, a longitude and a radius." }));
      return;
    }
    if (add({ type: "CIRCLE", lat, lng, radiusKm }, "circle")) {
      setCircle({ lat: "", lng: "", radiusKm: "" });
    }
  }

  function addArea() {
    const parsed = parsePoints(area);
    if ("line" in parsed) {
      setProblems((p) => ({ ...p, area: `Line ${parsed.line}: write a point as "latitude, longitude".` }));
      return;
    }
    if (add({ type: "POLYGON", points: parsed.points }, "area")) setArea("");
  }

  async function save() {
    const found: Record<string, string> = {};
    const problem = nameProblem(name);
    if (problem) found.name = problem;
    if (places.length === 0) found.shapes = AD_TARGETING_MESSAGES.noPlaces;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const content = { name: name.trim(), shapes: places.map(({ key: _, ...shape }) => shape) };
    const saved = await saveWithMessages(
      () =>
        fence
          ? adsApi.updateGeoFence(fence.id, { ...content, version: fence.version })
          : adsApi.createGeoFence({ adAccountId, ...content }),
      { saved: "Geo fence saved", what: "geo fence", setErrors },
    );
    if (saved) onSaved();
  }

  const placeError = (i: number) =>
    Object.entries(errors).find(
      ([field]) => field === `shapes.${i}` || field.startsWith(`shapes.${i}.`),
    )?.[1];

  return (
    <OwnedEditor
      testId="geo-fence"
      title={fence ? fence.name : "New geo fence"}
      description={AD_TARGETING_MESSAGES.locationNote}
      canWrite={canWrite}
      saveLabel="Save geo fence"
      onSave={save}
      onClose={onClose}
      deletion={
        fence
          ? {
              name: fence.name,
              what: "geo fence",
              remove: () => adsApi.deleteGeoFence(fence.id),
              deleted: "Geo fence deleted",
              onDeleted: onSaved,
            }
          : null
      }
    >
      {locationsConfigured ? null : (
        <p role="note" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
          {AD_TARGETING_MESSAGES.geoNotConfigured}
        </p>
      )}
      <Field
        label="Name"
        error={errors.name}
        control={(props) => (
          <Input
            {...props}
            value={name}
            maxLength={AD_LIMITS.nameMax + 20}
            onChange={(e) => setName(e.target.value)}
            data-testid="geo-fence-name"
          />
        )}
      />
      <section aria-labelledby="geo-places" className="flex flex-col gap-2">
        <h3 id="geo-places" className="font-medium text-sm">
          Places
        </h3>
        {places.length === 0 ? (
          <p className="text-muted-foreground text-sm">No places yet: add a country, a circle or an area.</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="geo-places">
            {places.map((place, i) => (
              <li
                key={place.key}
                className="flex flex-col gap-1 rounded-md border px-3 py-2"
                data-testid="geo-place"
              >
                <div className="flex items-center gap-2 text-sm">
                  <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="min-w-0 flex-1 break-words">{placeLabel(place)}</span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${placeLabel(place)}`}
                    onClick={() => setPlaces((current) => current.filter((p) => p.key !== place.key))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                <FieldError id={`place-${place.key}-error`} message={placeError(i)} />
              </li>
            ))}
          </ul>
        )}
        <FieldError id="places-error" message={errors.shapes} />
      </section>

      {tiles ? (
        <Suspense fallback={<Skeleton className="h-72 w-full" />}>
          <GeoFenceMap
            tiles={tiles}
            shapes={places}
            draft={draft}
            onPick={([lat, lng]) =>
              setArea((text) => `${text.trimEnd()}${text.trim() ? "\n" : ""}${lat}, ${lng}`)
            }
          />
        </Suspense>
      ) : null}

      <AddBox title="Add a country">
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={ids.country} className="sr-only">
            Country
          </label>
          <select
            id={ids.country}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            className={cn(select, "min-w-0 flex-1 basis-48")}
            data-testid="geo-country"
          >
            <option value="">Choose a country</option>
            {countryList().map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <Button
            type="button"
            variant="outline"
            disabled={!country}
            onClick={() => {
              if (add({ type: "COUNTRY", country }, "country")) setCountry("");
            }}
            data-testid="geo-add-country"
          >
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
        <FieldError id="country-error" message={problems.country} />
      </AddBox>

      <AddBox title="Add a circle">
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ["lat", "Latitude", "52.52"],
              ["lng", "Longitude", "13.405"],
              ["radiusKm", "Radius (km)", "25"],
            ] as const
          ).map(([key, label, example]) => (
            <Field
              key={key}
              label={label}
              compact
              control={(props) => (
                <Input
                  {...props}
                  inputMode="decimal"
                  value={circle[key]}
                  placeholder={example}
                  onChange={(e) => setCircle((c) => ({ ...c, [key]: e.target.value }))}
                  data-testid={`geo-circle-${key}`}
                />
              )}
            />
          ))}
        </div>
        <FieldError id="circle-error" message={problems.circle} />
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={addCircle}
          data-testid="geo-add-circle"
        >
          <Plus aria-hidden="true" />
          Add circle
        </Button>
      </AddBox>

      <AddBox title="Add an area">
        <Field
          label="Points, one per line: latitude, longitude"
          compact
          hint="At least 3 and at most 100 points; the edges must not cross."
          error={problems.area}
          control={(props) => (
            <Textarea
              {...props}
              rows={5}
              value={area}
              placeholder={"52.60, 13.20\n52.60, 13.60\n52.40, 13.60\n52.40, 13.20"}
              onChange={(e) => setArea(e.target.value)}
              data-testid="geo-area-points"
            />
          )}
        />
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={addArea}
          data-testid="geo-add-area"
        >
          <Plus aria-hidden="true" />
          Add area
        </Button>
      </AddBox>
    </OwnedEditor>
  );
}
