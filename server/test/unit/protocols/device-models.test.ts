// The models support staff can choose for a unit's device (set_unit_device, DEVICE_MODELS) are the
// ones the decoders tell apart: no choice that changes nothing, no decoded model missing from it.
import { describe, expect, it } from 'vitest';
import { DEVICE_MODELS } from '@fleet/common';
import { meitrackVolts } from '../../../src/ingest/protocols/meitrack-text';
import { QUECLINK_MODELS } from '../../../src/ingest/protocols/queclink';

describe('device models', () => {
  it('offers every Queclink device type the protocol version can name, and no other', () => {
    expect([...new Set(Object.values(QUECLINK_MODELS))].sort()).toEqual(
      [...(DEVICE_MODELS.queclink ?? [])].sort(),
    );
  });

  it('offers only Meitrack models whose voltages are scaled differently', () => {
    const standard = meitrackVolts(null, 1000, 1000);
    expect(standard).toEqual({ battery: 10, power: 10 });
    for (const model of DEVICE_MODELS.meitrack ?? []) {
      expect(meitrackVolts(model, 1000, 1000), model).not.toEqual(standard);
    }
  });
});
