import { useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { Button } from "../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog.tsx";
import { ZoomIn, ZoomOut } from "../../components/ui/icons.tsx";
import { useRootData } from "../../lib/root-data.ts";

/** The square sent to the server: enough for its 256 px copy on a sharp screen, never megabytes. */
const OUTPUT_PX = 512;
const MAX_ZOOM = 4;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("The picture could not be read"));
    image.src = src;
  });
}

/** The chosen square of the picture, drawn at OUTPUT_PX, as a data URL (WebP where the browser writes it). */
async function cropToDataUrl(src: string, area: Area): Promise<string> {
  const image = await loadImage(src);
  const canvas = document.createElement("canvas");
  canvas.width = OUTPUT_PX;
  canvas.height = OUTPUT_PX;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("The picture could not be cropped");
  context.imageSmoothingQuality = "high";
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, OUTPUT_PX, OUTPUT_PX);
  // Browsers that cannot write WebP give PNG, which the server takes as well.
  return canvas.toDataURL("image/webp", 0.92);
}

/**
 * Drag (or arrow keys) to place the picture in the circle, zoom with the slider, the wheel or a
 * pinch; "Use this picture" hands the square back.
 */
export function AvatarCropDialog({
  source,
  open,
  onOpenChange,
  onCropped,
}: {
  /** An object URL of the chosen file. */
  source: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onCropped(dataUrl: string): Promise<void>;
}) {
  const nonce = useRootData()?.nonce;
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function apply() {
    if (!area) return;
    setBusy(true);
    setProblem(null);
    try {
      await onCropped(await cropToDataUrl(source, area));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "The picture could not be cropped");
    } finally {
      setBusy(false);
    }
  }

  const zoomBy = (step: number) => setZoom((z) => Math.min(MAX_ZOOM, Math.max(1, z + step)));

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent data-testid="avatar-crop-dialog">
        <DialogHeader>
          <DialogTitle>Crop your picture</DialogTitle>
          <DialogDescription>
            Drag the picture or use the arrow keys to place it, and zoom to fit the circle.
          </DialogDescription>
        </DialogHeader>
        <div className="relative aspect-square w-full overflow-hidden rounded-lg bg-muted">
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            {...(nonce ? { nonce } : {})}
            cropperProps={{ "aria-label": "Picture to crop", "data-testid": "avatar-cropper" } as object}
          />
        </div>
        <div className="flex items-center gap-3">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => zoomBy(-0.25)}
            aria-label="Zoom out"
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            aria-label="Zoom"
            className="h-2 flex-1 cursor-pointer accent-primary"
            data-testid="avatar-zoom"
          />
          <Button type="button" variant="ghost" size="icon" onClick={() => zoomBy(0.25)} aria-label="Zoom in">
            <ZoomIn aria-hidden="true" />
          </Button>
        </div>
        {problem ? (
          <p role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="button"
            onClick={apply}
            loading={busy}
            disabled={!area}
            data-testid="avatar-crop-apply"
          >
            Use this picture
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
