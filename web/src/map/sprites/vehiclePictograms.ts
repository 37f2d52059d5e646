import type { VehicleClass } from '@fleet/common';
import { box, disc, line, poly, wheels, windows, type Ctx, type Pt } from './pictogramShapes';

// Side-view silhouettes of the vehicle classes of SPEC §3, drawn on a 24×24 grid (ground at y≈19)
// in `ink`, with window and hub cut-outs in `cut` (the badge colour). They are drawn once per
// sprite into a canvas, never per frame.

type Painter = (ctx: Ctx, ink: string, cut: string) => void;

const car =
  (roof: Pt[], body: [number, number, number, number], wheelXs: number[], r = 2.6): Painter =>
  (ctx, ink, cut) => {
    poly(ctx, roof);
    box(ctx, ...body, 1.6);
    wheels(ctx, ink, cut, wheelXs, 17, r);
  };

const sedan = car(
  [
    [6, 11],
    [9, 7],
    [14.5, 7],
    [17.5, 11],
  ],
  [1.5, 10.5, 21, 5.5],
  [6, 18],
);

const PAINTERS: Record<VehicleClass | 'default', Painter> = {
  hatchback: car(
    [
      [5, 11],
      [8, 6.5],
      [15, 6.5],
      [18.5, 11],
    ],
    [3, 10, 18, 6],
    [7, 17],
  ),
  sedan,
  stationwagon: car(
    [
      [5.5, 11],
      [8.5, 7],
      [20.5, 7],
      [21.5, 11],
    ],
    [1.5, 10.5, 21, 5.5],
    [6, 18],
  ),
  suv: car(
    [
      [3.5, 10],
      [6, 5],
      [19.5, 5],
      [20.5, 10],
    ],
    [2, 9.5, 20, 7],
    [6.5, 17.5],
    3,
  ),
  // An unknown class is drawn as the commonest car.
  default: sedan,
  bakkie: (ctx, ink, cut) => {
    poly(ctx, [
      [11.5, 10],
      [13, 6],
      [18, 6],
      [21, 10],
    ]);
    box(ctx, 10.5, 9.5, 12, 7, 1.4);
    box(ctx, 1.5, 11, 10, 5.5, 0.8);
    wheels(ctx, ink, cut, [6, 17.5], 17, 2.8);
  },
  van: (ctx, ink, cut) => {
    poly(ctx, [
      [2, 16],
      [2, 6],
      [16, 6],
      [21, 10.5],
      [22.5, 11.5],
      [22.5, 16],
    ]);
    windows(ctx, cut, ink, 16.5, 7.3, 1, 3, 3, 0);
    wheels(ctx, ink, cut, [6.5, 18], 17, 2.6);
  },
  minibus: (ctx, ink, cut) => {
    poly(ctx, [
      [1.5, 16],
      [1.5, 6],
      [18, 6],
      [22.5, 10],
      [22.5, 16],
    ]);
    windows(ctx, cut, ink, 3, 7.5, 4, 3, 3, 1);
    wheels(ctx, ink, cut, [6, 18], 17, 2.6);
  },
  bus: (ctx, ink, cut) => {
    box(ctx, 0.8, 4.5, 22.4, 12, 1.5);
    windows(ctx, cut, ink, 2.2, 6.2, 5, 2.9, 3.4, 1.2);
    wheels(ctx, ink, cut, [5.5, 18.5], 17, 2.6);
  },
  small_truck: (ctx, ink, cut) => {
    box(ctx, 1.5, 5, 13, 11.5, 0.8);
    poly(ctx, [
      [15, 16.5],
      [15, 8],
      [19.5, 8],
      [22.5, 12],
      [22.5, 16.5],
    ]);
    windows(ctx, cut, ink, 17, 9.2, 1, 2.6, 2.6, 0);
    wheels(ctx, ink, cut, [6, 18.5], 17, 2.6);
  },
  large_truck: (ctx, ink, cut) => {
    box(ctx, 0.8, 3.5, 15, 13, 0.8);
    poly(ctx, [
      [16.3, 16.5],
      [16.3, 6.5],
      [21, 6.5],
      [23.2, 10],
      [23.2, 16.5],
    ]);
    windows(ctx, cut, ink, 18, 8, 1, 2.6, 2.8, 0);
    wheels(ctx, ink, cut, [4, 9, 19.5], 17.5, 2.4);
  },
  truck_trailer: (ctx, ink, cut) => {
    box(ctx, 0.5, 5.5, 15.5, 9, 0.6);
    box(ctx, 14, 13.2, 4, 1.6, 0.3);
    poly(ctx, [
      [17.5, 16.5],
      [17.5, 7.5],
      [21.5, 7.5],
      [23.5, 11],
      [23.5, 16.5],
    ]);
    wheels(ctx, ink, cut, [3, 7.5, 20.5], 17.5, 2.2);
  },
  tow_truck: (ctx, ink, cut) => {
    poly(ctx, [
      [13.5, 16.5],
      [13.5, 7.5],
      [18.5, 7.5],
      [22.5, 11.5],
      [22.5, 16.5],
    ]);
    box(ctx, 1.5, 12.5, 12.5, 4, 0.5);
    ctx.strokeStyle = ink;
    line(
      ctx,
      [
        [11, 12.5],
        [4, 5],
        [2.5, 9],
      ],
      1.8,
    );
    wheels(ctx, ink, cut, [5.5, 18], 17, 2.6);
  },
  trailer: (ctx, ink, cut) => {
    box(ctx, 1.5, 7, 15, 8.5, 0.8);
    ctx.strokeStyle = ink;
    line(
      ctx,
      [
        [16, 14],
        [22.5, 14],
      ],
      1.6,
    );
    wheels(ctx, ink, cut, [9, 9], 17, 2.8);
  },
  caravan: (ctx, ink, cut) => {
    box(ctx, 1.5, 4.5, 16, 11.5, 4);
    windows(ctx, cut, ink, 4, 7, 2, 4, 3.2, 2.5);
    ctx.strokeStyle = ink;
    line(
      ctx,
      [
        [17, 14],
        [22.5, 14],
      ],
      1.6,
    );
    wheels(ctx, ink, cut, [9.5, 9.5], 17, 2.6);
  },
  motorcycle: (ctx, ink, cut) => {
    ctx.strokeStyle = ink;
    for (const x of [5, 19]) {
      ctx.beginPath();
      ctx.arc(x, 16, 3.6, 0, Math.PI * 2);
      ctx.lineWidth = 1.8;
      ctx.stroke();
    }
    poly(ctx, [
      [5, 16],
      [9, 10],
      [15, 10],
      [17, 12.5],
      [13, 16],
    ]);
    line(
      ctx,
      [
        [16, 9],
        [19, 16],
      ],
      1.6,
    );
    line(
      ctx,
      [
        [14.5, 7.5],
        [17.5, 8.5],
      ],
      1.6,
    );
    ctx.fillStyle = ink;
    box(ctx, 7, 8.3, 6, 2, 0.8);
    void cut;
  },
  quad_bike: (ctx, ink, cut) => {
    poly(ctx, [
      [4, 13],
      [6, 9],
      [18, 9],
      [20.5, 13],
    ]);
    box(ctx, 8, 6.5, 6, 2.5, 1);
    ctx.strokeStyle = ink;
    line(
      ctx,
      [
        [16, 9],
        [17.5, 5.5],
      ],
      1.5,
    );
    wheels(ctx, ink, cut, [6, 18], 16, 3.4);
  },
  '3-wheeler': (ctx, ink, cut) => {
    box(ctx, 3, 4, 15, 3, 1.5);
    ctx.strokeStyle = ink;
    line(
      ctx,
      [
        [4.5, 6],
        [4.5, 11],
      ],
      1.4,
    );
    line(
      ctx,
      [
        [16.5, 6],
        [18.5, 11],
      ],
      1.4,
    );
    poly(ctx, [
      [2.5, 15.5],
      [2.5, 10.5],
      [19, 10.5],
      [21.5, 15.5],
    ]);
    wheels(ctx, ink, cut, [6, 18.5], 17, 2.4);
  },
  tractor: (ctx, ink, cut) => {
    ctx.strokeStyle = ink;
    ctx.beginPath();
    ctx.rect(4, 3.5, 7, 7);
    ctx.lineWidth = 1.6;
    ctx.stroke();
    box(ctx, 4, 10, 17, 4.5, 1);
    line(
      ctx,
      [
        [17, 10],
        [17, 5.5],
      ],
      1.5,
    );
    wheels(ctx, ink, cut, [7.5], 15.5, 4.6);
    wheels(ctx, ink, cut, [19], 17, 2.8);
  },
  construction: (ctx, ink, cut) => {
    box(ctx, 1.5, 15, 14.5, 4, 2);
    box(ctx, 3, 8.5, 10, 6, 1);
    windows(ctx, cut, ink, 4, 9.5, 1, 3, 2.6, 0);
    ctx.strokeStyle = ink;
    line(
      ctx,
      [
        [12, 11],
        [18, 4.5],
        [21.5, 11.5],
      ],
      2,
    );
    poly(ctx, [
      [19.5, 11],
      [23.5, 11],
      [22.5, 15],
      [20, 14],
    ]);
    ctx.fillStyle = cut;
    for (const x of [4, 8.75, 13.5]) disc(ctx, x, 17, 1);
    ctx.fillStyle = ink;
  },
  machine: (ctx, ink, cut) => {
    const teeth = 8;
    ctx.beginPath();
    for (let i = 0; i < teeth * 2; i++) {
      const a = (i * Math.PI) / teeth;
      const r = i % 2 === 0 ? 9 : 7;
      const x = 12 + r * Math.cos(a);
      const y = 12 + r * Math.sin(a);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = cut;
    disc(ctx, 12, 12, 3);
    ctx.fillStyle = ink;
  },
  factory: (ctx, ink, cut) => {
    poly(ctx, [
      [2, 20],
      [2, 10],
      [7, 13],
      [7, 10],
      [12, 13],
      [12, 10],
      [17, 13],
      [17, 3],
      [21, 3],
      [21, 20],
    ]);
    windows(ctx, cut, ink, 4, 15, 3, 2.6, 2.6, 2.2);
  },
};

/** Draws a vehicle class silhouette centred at (cx, cy) in a box `size` px wide. */
export function drawVehiclePictogram(
  ctx: Ctx,
  vehicleClass: VehicleClass | 'default',
  cx: number,
  cy: number,
  size: number,
  ink: string,
  cut: string,
): void {
  ctx.save();
  ctx.translate(cx - size / 2, cy - size / 2);
  ctx.scale(size / 24, size / 24);
  ctx.fillStyle = ink;
  ctx.strokeStyle = ink;
  PAINTERS[vehicleClass](ctx, ink, cut);
  ctx.restore();
}
