// How a simulated tracker understands the portal's commands (issue 13) and what it answers, in the
// words real ones use: an FMB answers `setdigout` with its outputs and `setparam` with the new
// values; a Concox GT06 answers `Relay,1#` with "Cut off the fuel supply: Success!".
import type { SimCommand } from './device';

export interface SimAnswer {
  command: SimCommand | null;
  reply: string;
}

export function teltonikaAnswer(text: string): SimAnswer {
  const out = /^setdigout\s+([01?])/i.exec(text.trim());
  if (out) {
    const dout1 = out[1] === '1' ? 1 : 0;
    return {
      command: { kind: 'output', dout1 },
      reply: `DOUT1:${dout1} Timeout:INFINITY DOUT2:0 Timeout:INFINITY`,
    };
  }
  const param = /^setparam\s+(.+)$/i.exec(text.trim());
  if (param) {
    const pairs = new Map(
      param[1].split(';').map((p) => p.split(':').map((x) => x.trim()) as [string, string]),
    );
    const enabled = pairs.get('11100') !== '0';
    const limit = Number(pairs.get('11104'));
    return {
      command: { kind: 'buzzer', limit: enabled && limit > 0 ? limit : null },
      reply: `New value ${param[1].replace(/;?$/, ';')}`,
    };
  }
  return { command: null, reply: 'Unknown command' };
}

export function gt06Answer(text: string): SimAnswer {
  const t = text.trim().toUpperCase();
  if (t === 'RELAY,1#') {
    return { command: { kind: 'output', dout1: 1 }, reply: 'Cut off the fuel supply: Success!' };
  }
  if (t === 'RELAY,0#') {
    return { command: { kind: 'output', dout1: 0 }, reply: 'Restore fuel supply: Success!' };
  }
  const speed = /^SPEED,ON,(\d+),(\d+)(?:,\d)?#$/.exec(t);
  if (speed) {
    return {
      command: { kind: 'buzzer', limit: Number(speed[2]) },
      reply: `Speed alarm: ON, time: ${speed[1]}s, speed: ${speed[2]}km/h. Success!`,
    };
  }
  if (t === 'SPEED,OFF#') {
    return { command: { kind: 'buzzer', limit: null }, reply: 'Speed alarm: OFF. Success!' };
  }
  return { command: null, reply: 'Unknown command, execution failed' };
}
