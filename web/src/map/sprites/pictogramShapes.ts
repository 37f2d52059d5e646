// Drawing primitives of the vehicle pictograms (vehiclePictograms.ts), on their 24×24 grid: filled
// shapes in the current fill style, strokes in the current stroke style.

export type Ctx = CanvasRenderingContext2D;
export type Pt = [number, number];

export function poly(ctx: Ctx, pts: Pt[]): void {
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
  ctx.closePath();
  ctx.fill();
}

export function box(ctx: Ctx, x: number, y: number, w: number, h: number, r = 1): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
}

export function disc(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

export function line(ctx: Ctx, pts: Pt[], width: number): void {
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (const [x, y] of pts.slice(1)) ctx.lineTo(x, y);
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke();
}

export function wheels(
  ctx: Ctx,
  ink: string,
  cut: string,
  xs: number[],
  y: number,
  r: number,
): void {
  for (const x of xs) {
    ctx.fillStyle = cut;
    disc(ctx, x, y, r + 0.9);
    ctx.fillStyle = ink;
    disc(ctx, x, y, r);
    ctx.fillStyle = cut;
    disc(ctx, x, y, r * 0.35);
  }
  ctx.fillStyle = ink;
}

export function windows(
  ctx: Ctx,
  cut: string,
  ink: string,
  x: number,
  y: number,
  n: number,
  w: number,
  h: number,
  gap: number,
): void {
  ctx.fillStyle = cut;
  for (let i = 0; i < n; i++) box(ctx, x + i * (w + gap), y, w, h, 0.4);
  ctx.fillStyle = ink;
}
