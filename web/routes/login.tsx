import { EmphasisHeader } from '../components/EmphasisHeader';

/**
 * /login: "Logging in with" the live-video provider, then redirect to its login URL (spec 2).
 * NOT BUILT YET (issue 3, part 2): only the route and its header exist.
 */
export function LoginPage() {
  return <EmphasisHeader icon="headphones" text="Login" />;
}
