/**
 * A part of a screen that loads its own code (React.lazy) and may fail to: without signal a
 * chunk not yet on the device cannot come, and an error thrown by a lazy component would
 * otherwise unmount the whole app (React removes the tree when nothing catches it). The part
 * fails in its own box, with a pt-BR message and "Tentar novamente"; the rest of the screen
 * stays.
 *
 * React.lazy keeps a rejected import for good, so a retry needs a new lazy component:
 * retryableLazy makes one per attempt, and PartBoundary's retry asks for it.
 */
import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { LOAD_TEXT } from '../lib/texts/load-texts';
import './part-boundary.css';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export interface RetryableLazy<P> {
  (props: P): ReactNode;
  /** Drops the failed attempt: the next render imports the code again. */
  retry: () => void;
}

export function retryableLazy<P extends object>(load: Loader<P>): RetryableLazy<P> {
  let Current = lazy(load);
  const Part = ((props: P) => <Current {...props} />) as RetryableLazy<P>;
  Part.retry = () => {
    Current = lazy(load);
  };
  return Part;
}

/** The box a failed part leaves: what failed, and "Tentar novamente". */
export function FailedBox({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string | undefined;
}) {
  // Without signal it says so: the usual cause, and what to wait for.
  return (
    <div className={`ui-part-failed ${className ?? ''}`} role="alert">
      <p>{navigator.onLine ? message : `${message} ${LOAD_TEXT.offline}`}</p>
      <button type="button" className="btn" onClick={onRetry}>
        {LOAD_TEXT.retry}
      </button>
    </div>
  );
}

interface Props {
  /** What failed, said to the person (pt-BR). */
  message: string;
  /** Called before the part renders again (e.g. a retryableLazy's retry). */
  onRetry?: () => void;
  /** Extra class of the box, so it keeps the part's room. */
  className?: string;
  /** Wraps the box (e.g. in the section's heading), so the screen keeps its shape. */
  fallback?: (box: ReactNode) => ReactNode;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

export class PartBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  private retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    const box = (
      <FailedBox
        message={this.props.message}
        onRetry={this.retry}
        className={this.props.className}
      />
    );
    return this.props.fallback ? this.props.fallback(box) : box;
  }
}
