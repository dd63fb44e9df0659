import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /request/sample (spec 2 "New Sample Request").
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function SampleRequestPage() {
  return <EmphasisHeader icon="microphone" text="New Sample" emphasis="Request" />;
}
