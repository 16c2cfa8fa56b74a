/**
 * A machine's context or an event's payload as indented text. Contexts hold things JSON cannot say
 * (actor refs, errors, maps, cycles): each is written as something a developer recognises.
 */
export function prettyValue(value: unknown): string {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(
    value,
    function replacer(this: unknown, _key: string, current: unknown) {
      if (current === undefined) return '[undefined]';
      if (typeof current === 'bigint') return `${current}n`;
      if (typeof current === 'function') return `[function ${current.name || 'anonymous'}]`;
      if (typeof current !== 'object' || current === null) return current;
      if (isActorRef(current)) return `[actor ${current.id}]`;
      if (current instanceof Error) return { error: current.name, message: current.message, ...errorDetails(current) };
      if (seen.has(current)) return '[circular]';
      seen.add(current);
      if (current instanceof Map) return Object.fromEntries(current);
      if (current instanceof Set) return [...current];
      return current;
    },
    2,
  );
  return text ?? String(value);
}

/** An actor ref, or what its `toJSON` leaves of one (`{ xstate$$type: 1, id }`). */
function isActorRef(value: object): value is { id: string } {
  const candidate = value as { id?: unknown; sessionId?: unknown; send?: unknown; xstate$$type?: unknown };
  if (typeof candidate.id !== 'string') return false;
  return candidate.xstate$$type === 1 || (typeof candidate.sessionId === 'string' && typeof candidate.send === 'function');
}

/**
 * What an error carries beside its message, e.g. an ApolloError's `graphQLErrors`: the reason a
 * machine's guard took one branch or another. Empty fields are left out, and so is a `cause` that
 * only repeats one of them.
 */
function errorDetails(error: Error): Record<string, unknown> {
  const fields = Object.entries(error).filter(([key, value]) => !['name', 'message', 'stack'].includes(key) && !isEmpty(value));
  const repeated = (value: unknown) => fields.some(([key, other]) => key !== 'cause' && (other === value || (Array.isArray(other) && other.includes(value))));
  return Object.fromEntries(fields.filter(([key, value]) => key !== 'cause' || !repeated(value)));
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && Object.keys(value).length === 0 && !(value instanceof Error))
  );
}
