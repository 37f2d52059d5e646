// Meitrack server commands byte for byte against the manufacturer's documented examples:
// - MEITRACK GPRS Protocol (V1.6 for MVT340/MVT380/MVT100/MVT600/MVT800/T1/T3/MT90/TC68/TC68S;
//   the same examples in the later T1 & T333 and T366 GPRS protocols), chapter "Command Details":
//   "Controlling Output Status – C01": @@M34,353358017784062,C01,20,10122*18 → the tracker answers
//   $$M28,353358017784062,C01,OK*F9; "Setting the Speeding Alarm Function – B07":
//   @@P28,353358017784062,B07,60*05 → $$P28,353358017784062,B07,OK*01; "Real-Time Location Query
//   – A10": @@Q25,353358017784062,A10*6A;
// - Traccar's MeitrackProtocolEncoderTest (github.com/traccar/traccar, src/test/java/org/traccar/
//   protocol/MeitrackProtocolEncoderTest.java): @@A25,123456789012345,A10*58,
//   @@A46,123456789012345,D03,1,camera_picture.jpg*1C and
//   @@A48,123456789012345,C02,0,15360853789,Meitrack*8B.
import { describe, expect, it } from 'vitest';
import {
  encodeMeitrackCommand,
  meitrackCommandDialect,
  meitrackCommandFlag,
} from '../../../src/ingest/protocols/meitrack-command';
import { decodeMeitrack, meitrackFrameLength } from '../../../src/ingest/protocols/meitrack';

const MANUAL_IMEI = '353358017784062';
const wire = (b: Buffer) => b.toString('latin1');
const { wireText, judgeReply } = meitrackCommandDialect;

describe('Meitrack command frames', () => {
  it("reproduces the manual's C01, B07 and A10 examples byte for byte", () => {
    expect(wire(encodeMeitrackCommand(MANUAL_IMEI, 'C01,20,10122', 'M'))).toBe(
      '@@M34,353358017784062,C01,20,10122*18\r\n',
    );
    expect(wire(encodeMeitrackCommand(MANUAL_IMEI, 'B07,60', 'P'))).toBe(
      '@@P28,353358017784062,B07,60*05\r\n',
    );
    expect(wire(encodeMeitrackCommand(MANUAL_IMEI, 'A10', 'Q'))).toBe(
      '@@Q25,353358017784062,A10*6A\r\n',
    );
  });

  it("reproduces Traccar's encoder test vectors byte for byte", () => {
    const imei = '123456789012345';
    expect(wire(encodeMeitrackCommand(imei, 'A10'))).toBe('@@A25,123456789012345,A10*58\r\n');
    expect(wire(encodeMeitrackCommand(imei, 'D03,1,camera_picture.jpg'))).toBe(
      '@@A46,123456789012345,D03,1,camera_picture.jpg*1C\r\n',
    );
    expect(wire(encodeMeitrackCommand(imei, 'C02,0,15360853789,Meitrack'))).toBe(
      '@@A48,123456789012345,C02,0,15360853789,Meitrack*8B\r\n',
    );
  });

  it("the portal's commands: output 1 on/off at once, the speeding alarm in km/h or off", () => {
    expect(wireText('immobiliser', 'immobilise')).toBe('C01,0,12222');
    expect(wireText('immobiliser', 'mobilise')).toBe('C01,0,02222');
    expect(wireText('immobiliser', 'normal')).toBe('C01,0,02222');
    expect(wireText('speed_buzzer', '60')).toBe('B07,60');
    expect(wireText('speed_buzzer', '')).toBe('B07,0');
    // Framed as the manual frames its examples (same layout as the C01 and B07 examples above).
    const frame = (text: string, flag: string) =>
      wire(encodeMeitrackCommand(MANUAL_IMEI, text, flag));
    expect(frame(wireText('immobiliser', 'immobilise'), 'M')).toBe(
      '@@M33,353358017784062,C01,0,12222*E8\r\n',
    );
    expect(frame(wireText('immobiliser', 'mobilise'), 'M')).toBe(
      '@@M33,353358017784062,C01,0,02222*E7\r\n',
    );
    expect(frame(wireText('speed_buzzer', '60'), 'P')).toBe('@@P28,353358017784062,B07,60*05\r\n');
    expect(frame(wireText('speed_buzzer', ''), 'P')).toBe('@@P27,353358017784062,B07,0*CE\r\n');
  });

  it('picks the flag from the command id within 0x41..0x7A', () => {
    const flags = Array.from({ length: 200 }, (_, i) => meitrackCommandFlag(i).charCodeAt(0));
    expect(Math.min(...flags)).toBe(0x41);
    expect(Math.max(...flags)).toBe(0x7a);
    expect(meitrackCommandFlag(0)).toBe('A');
    expect(meitrackCommandFlag(58)).toBe('A');
    expect(meitrackCommandFlag(-1)).toBe('B');
  });

  it('refuses what cannot be framed', () => {
    expect(() => encodeMeitrackCommand(MANUAL_IMEI, 'A10', '!')).toThrow(RangeError);
    expect(() => encodeMeitrackCommand('abc', 'A10')).toThrow(RangeError);
    expect(() => encodeMeitrackCommand(MANUAL_IMEI, 'C01*')).toThrow(RangeError);
  });
});

describe("Meitrack device answers (the manual's examples)", () => {
  function answerOf(message: string): string | null {
    const b = Buffer.from(message, 'latin1');
    expect(meitrackFrameLength(b, 0, b.length)).toBe(b.length);
    const r = decodeMeitrack(b, 0, b.length, { now: 0 });
    return r.kind === 'data' ? r.answer : null;
  }

  it('"C01,OK" confirms an immobiliser command, "B07,OK" a speed buzzer command', () => {
    const c01 = answerOf('$$M28,353358017784062,C01,OK*F9\r\n');
    const b07 = answerOf('$$P28,353358017784062,B07,OK*01\r\n');
    expect([c01, b07]).toEqual(['C01,OK', 'B07,OK']);
    expect(judgeReply('immobiliser', 'immobilise', c01!)).toBe('confirmed');
    expect(judgeReply('immobiliser', 'mobilise', c01!)).toBe('confirmed');
    expect(judgeReply('speed_buzzer', '60', b07!)).toBe('confirmed');
    expect(judgeReply('speed_buzzer', '', b07!)).toBe('confirmed');
  });

  it("another command's answer is unrelated; an error fails the command", () => {
    expect(judgeReply('immobiliser', 'immobilise', 'B07,OK')).toBe('unrelated');
    expect(judgeReply('speed_buzzer', '60', 'C01,OK')).toBe('unrelated');
    expect(judgeReply('immobiliser', 'immobilise', 'D82,0')).toBe('unrelated');
    expect(judgeReply('immobiliser', 'immobilise', 'C01,Error')).toBe('failed');
    expect(judgeReply('speed_buzzer', '60', 'B07,Fail')).toBe('failed');
    expect(judgeReply('immobiliser', 'immobilise', ' c01,ok ')).toBe('confirmed');
  });
});
