/**
 * A name cut in the middle where it does not fit, so that its distinguishing end stays
 * ("an-interview-record…-part-two-of-three.wav"): the head shrinks with an ellipsis, the last
 * characters never do. Read whole by screen readers (the two parts are one text) and shown
 * whole in the title and under keyboard focus (styles: middle-cut.css).
 */
import './middle-cut.css';

const TAIL = 16;

export function MiddleCut({ text, className = '' }: { text: string; className?: string }) {
  const cut = text.length > TAIL * 2 ? text.length - TAIL : text.length;
  return (
    <span className={`middle-cut ${className}`.trim()} title={text}>
      <span className="cut-head">{text.slice(0, cut)}</span>
      <span className="cut-tail">{text.slice(cut)}</span>
    </span>
  );
}
