// The CLI's one wording of "why the vector signal is off": the core says why as data (VectorOff); here it
// becomes a sentence that names the CLI's own flags and commands.
import { describeVectorOff, type VectorOff } from '../core/retrieval/vector-status';

/** Why the vector signal is off, in the CLI's words. */
export function vectorOffText(off: VectorOff): string {
  switch (off.kind) {
    case 'turned-off':
      return 'the vector signal is off (--no-embed): lexical signals only';
    case 'not-configured':
      return 'no embedding backend configured (--no-embed)';
    case 'no-vectors':
      return off.otherModel !== undefined
        ? `${describeVectorOff(off)} (use that model, or reindex to embed with "${off.model}")`
        : `${describeVectorOff(off)} (run reindex with Ollama available)`;
    case 'wrong-dimension':
      return `${describeVectorOff(off)}; run reindex to re-embed`;
    case 'uncalibrated':
      return `${describeVectorOff(off)} (run reindex with Ollama available: it finishes embedding and calibrates)`;
    default:
      return describeVectorOff(off);
  }
}

/** One sentence for a summary or a note: the user's own choice reads as a statement, anything else as a fault. */
export function vectorOffSentence(off: VectorOff): string {
  const text = vectorOffText(off);
  return off.kind === 'turned-off' ? `${text[0].toUpperCase()}${text.slice(1)}.` : `Vector signal off: ${text}`;
}

/** The stderr line for a reason already worded (an evaluation's): one that names the signal needs no prefix. */
export function vectorOffReasonNote(reason: string): string {
  return /^the vector signal/i.test(reason) ? `note: ${reason}\n` : `note: vector signal off: ${reason}\n`;
}

/** The stderr line printed when an answer was given without the vector signal. */
export function vectorOffNote(off: VectorOff): string {
  return off.kind === 'turned-off'
    ? `note: ${vectorOffText(off)}\n`
    : `note: vector signal off: ${vectorOffText(off)}\n`;
}
