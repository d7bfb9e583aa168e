// The plugin's one wording of "why the vector signal is off": the core says why as data; here it becomes a
// sentence that names the plugin's settings rather than the CLI's flags.
import { describeVectorOff, type VectorOff } from '../core/retrieval/vector-status';

/** Why the vector signal is off, in the plugin's words. */
export function vectorOffText(off: VectorOff): string {
  switch (off.kind) {
    case 'turned-off':
      return 'embeddings are turned off in the plugin settings';
    case 'not-configured':
      return 'no embedding backend configured (turn embeddings on in the plugin settings)';
    case 'no-vectors':
    case 'wrong-dimension':
      return `${describeVectorOff(off)}; concepts are embedded in the background while Ollama is reachable`;
    case 'uncalibrated':
      return `${describeVectorOff(off)}; the background embedding calibrates them while Ollama is reachable`;
    default:
      return describeVectorOff(off);
  }
}
