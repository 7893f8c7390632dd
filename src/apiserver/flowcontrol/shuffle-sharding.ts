// Shuffle sharding: a flow's hash deals it a hand of distinct queues out of the deck, so two
// heavy flows rarely share every queue of their hands.
import { createHash } from 'node:crypto';

/** A 48-bit hash of the flow (schema name and distinguisher). */
export function flowHash(flowSchema: string, distinguisher: string): number {
  return createHash('sha1').update(flowSchema).update('\u0000').update(distinguisher).digest().readUIntBE(0, 6);
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
