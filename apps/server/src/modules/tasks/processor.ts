import type { EventProcessor } from '../../events/processors.ts';
import { completeByVisit, type VisitEvidence } from './completion.ts';
import { autoCandidates } from './repository.ts';

type PresenceEventType = 'GEOFENCE_ENTER' | 'VISIT_CLOSED';

/**
 * Auto-completion: a confirmed entry (its dwell so far) or a closed visit of an assigned MSISDN at a task's POI
 * completes the pending assignments it proves (dwell, confidence, due window), inside the transaction that moves the
 * processor's cursor: exactly once, and a replayed or twice-reported visit is keyed by its visit key.
 */
export function taskCompletionProcessor(
  now: () => Date = () => new Date(),
): EventProcessor<PresenceEventType> {
  return {
    name: 'tasks.autoComplete',
    types: ['GEOFENCE_ENTER', 'VISIT_CLOSED'],
    // From every stored visit: a task assigned later is completed by the assignment's own catch-up, and one
    // assigned before the processor first ran is not left behind.
    from: 'start',
    async handle(event, tx) {
      if (event.msisdnId === null) return;
      const p = event.payload;
      const candidates = await autoCandidates(tx, event.msisdnId, p.poiId);
      if (!candidates.length) return;
      const visit: VisitEvidence = {
        key: p.visitKey,
        poiId: p.poiId,
        enteredAt: new Date(p.enteredAt),
        earliest: p.earliest ? new Date(p.earliest) : null,
        latest: p.latest ? new Date(p.latest) : null,
        exitedAt: p.exitedAt ? new Date(p.exitedAt) : null,
        dwellMinutes: p.dwellMinutes,
        confidence: p.confidence,
        closedBy: p.closedBy,
      };
      // An entry is proven up to the fix that confirmed it (its dwell so far), not to when the event is processed.
      const asOf =
        event.type === 'GEOFENCE_ENTER'
          ? new Date(visit.enteredAt.getTime() + p.dwellMinutes * 60_000)
          : now();
      for (const c of candidates) await completeByVisit(tx, c, visit, asOf);
    },
  };
}
