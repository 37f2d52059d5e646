import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ReplayControls } from './ReplayControls';
import { ReplayController } from './replay/replayController';

const points = [
  { lat: -26.1, lon: 28.0, speed: 40, direction: 90, datetime: '2026-11-20T22:30:00.000Z' },
  { lat: -26.1, lon: 28.1, speed: 50, direction: 90, datetime: '2026-11-20T22:40:00.000Z' },
];

describe('replay controls', () => {
  it('writes the replay time the way the page asks (the user zone, not the browser one)', () => {
    const controller = new ReplayController(points);
    render(
      <ReplayControls
        controller={controller}
        state={controller.getState()}
        formatTime={(t) => `at ${new Date(t).toISOString().slice(11, 16)} UTC`}
      />,
    );
    expect(screen.getByText('at 22:30 UTC')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
