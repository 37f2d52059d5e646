// Codec 12 command bytes against Teltonika's published examples (Teltonika wiki, "Teltonika Data
// Sending Protocols" § Codec 12, https://wiki.teltonika-gps.com/view/Codec#Codec_12: the getinfo
// command 000000000000000F0C010500000007676574696E666F0100004312 and getver
// 000000000000000E0C010500000006676574766572010000A4C2).
import { describe, expect, it } from 'vitest';
import {
  CODEC12_RESPONSE,
  decodeCodec12,
  dout1Of,
  encodeCodec12,
  encodeCodec12Command,
} from '../../../src/ingest/protocols/teltonika-command';
import { judgeReply, wireText } from '../../../src/ingest/commands-wire';

const hex = (b: Buffer) => b.toString('hex').toUpperCase();

describe('Codec 12', () => {
  it('encodes the documented getinfo and getver commands byte for byte', () => {
    expect(hex(encodeCodec12Command('getinfo'))).toBe(
      '000000000000000F0C010500000007676574696E666F0100004312',
    );
    expect(hex(encodeCodec12Command('getver'))).toBe(
      '000000000000000E0C010500000006676574766572010000A4C2',
    );
  });

  it('frames the immobiliser commands the same way', () => {
    const on = encodeCodec12Command(wireText('teltonika', 'immobiliser', 'immobilise'));
    // preamble, data size 0x13, codec 0x0C, 1 command of type 0x05 and 11 bytes: "setdigout 1", 1
    expect(hex(on.subarray(0, 15))).toBe('00000000000000130C01050000000B');
    expect(on.subarray(15, 26).toString()).toBe('setdigout 1');
    expect(hex(on.subarray(26, 27))).toBe('01');
    expect(on.length).toBe(8 + 0x13 + 4);
    expect(decodeCodec12(on, 0, on.length)).toEqual({ type: 0x05, text: 'setdigout 1' });
    expect(wireText('teltonika', 'immobiliser', 'mobilise')).toBe('setdigout 0');
    expect(wireText('teltonika', 'immobiliser', 'normal')).toBe('setdigout 0');
  });

  it('reads a device response and refuses a damaged one', () => {
    const reply = encodeCodec12(
      'DOUT1:1 Timeout:INFINITY DOUT2:0 Timeout:INFINITY',
      CODEC12_RESPONSE,
    );
    const msg = decodeCodec12(reply, 0, reply.length);
    expect(msg?.type).toBe(0x06);
    expect(dout1Of(msg!.text)).toBe(1);
    const bad = Buffer.from(reply);
    bad[bad.length - 1] ^= 0xff;
    expect(decodeCodec12(bad, 0, bad.length)).toBeNull();
  });

  it('judges replies: only the asked output state confirms', () => {
    expect(judgeReply('teltonika', 'immobiliser', 'immobilise', 'DOUT1:1 Timeout:INFINITY')).toBe(
      'confirmed',
    );
    expect(judgeReply('teltonika', 'immobiliser', 'immobilise', 'DOUT1:0 Timeout:INFINITY')).toBe(
      'unrelated',
    );
    expect(
      judgeReply('teltonika', 'speed_buzzer', '80', 'New value 11100:1;11103:2;11104:80;'),
    ).toBe('confirmed');
    expect(judgeReply('teltonika', 'speed_buzzer', '80', 'New value 11104:90;')).toBe('unrelated');
    expect(wireText('teltonika', 'speed_buzzer', '80')).toBe('setparam 11100:1;11103:2;11104:80');
  });
});
