// The chase-up beep (SPEC §9), synthesised so no audio file is needed. Browsers block sound before
// the first user gesture; that is only logged (SPEC §8).
let context: AudioContext | null = null;

export function beep(): void {
  try {
    context ??= new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.4);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.4);
  } catch (error) {
    console.warn('chase-up beep not played', error);
  }
}
