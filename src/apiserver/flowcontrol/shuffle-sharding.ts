// Shuffle sharding: a flow's hash deals it a hand of distinct queues out of the deck, so two
// heavy flows rarely share every queue of their hands.

/** FNV-1a over the UTF-16 code units of `s`, from `seed`, as an unsigned 32-bit number. */
function fnv1a(s: string, seed: number): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A 52-bit hash of the flow (schema name and distinguisher). Hands that need more entropy
 * (validation allows up to 60 bits) draw their last cards from what is left of it.
 */
export function flowHash(flowSchema: string, distinguisher: string): number {
  const key = `${flowSchema}\u0000${distinguisher}`;
  const high = fnv1a(key, 0x811c9dc5) & 0xfffff;
  const low = fnv1a(key, 0x050c5d1f);
  return high * 0x100000000 + low;
}

/** Deals `handSize` distinct cards of `deckSize` from `hash` (a partial Fisher-Yates shuffle). */
export function dealHand(hash: number, deckSize: number, handSize: number): number[] {
  const hand: number[] = [];
  const swapped = new Map<number, number>();
  let h = hash;
  for (let i = 0; i < Math.min(handSize, deckSize); i++) {
    const remaining = deckSize - i;
    const pick = i + (h % remaining);
    h = Math.floor(h / remaining);
    const card = swapped.get(pick) ?? pick;
    swapped.set(pick, swapped.get(i) ?? i);
    hand.push(card);
  }
  return hand;
}
