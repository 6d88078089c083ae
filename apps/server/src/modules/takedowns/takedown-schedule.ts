/** When sent links are checked again and when they go to the next recipient (all settings). */

export interface TakedownSchedule {
  /** First checks after a notice is sent, e.g. 1 h, 6 h, 24 h. */
  recheckAfterMs: number[];
  /** Then one check every … */
  recheckEveryMs: number;
  /** … until this long after the notice; no removal by then is 'no response'. */
  trackForMs: number;
  /** Still up this long after a notice: the next recipient gets one. */
  escalateAfterMs: number;
  /** An escalation notice waits this long for other links escalating to the same party. */
  escalationGatherMs: number;
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseDurations(text: string): number[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^(\d+)\s*([smhd])$/.exec(s);
      if (!m) throw new Error(`not a duration: ${s}`);
      return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
    });
}

export function scheduleFromSettings(settings: {
  TAKEDOWN_RECHECK_AFTER: string;
  TAKEDOWN_RECHECK_EVERY: string;
  TAKEDOWN_TRACK_FOR: string;
  TAKEDOWN_ESCALATE_AFTER: string;
  TAKEDOWN_ESCALATION_GATHER: string;
}): TakedownSchedule {
  return {
    recheckAfterMs: parseDurations(settings.TAKEDOWN_RECHECK_AFTER).sort((a, b) => a - b),
    recheckEveryMs: Math.max(60_000, parseDurations(settings.TAKEDOWN_RECHECK_EVERY)[0]!),
    trackForMs: parseDurations(settings.TAKEDOWN_TRACK_FOR)[0]!,
    escalateAfterMs: parseDurations(settings.TAKEDOWN_ESCALATE_AFTER)[0]!,
    escalationGatherMs: parseDurations(settings.TAKEDOWN_ESCALATION_GATHER)[0]!,
  };
}

/** The first check time after `after` for a notice sent at `sentAt`; null when tracking is over. */
export function nextCheckAt(schedule: TakedownSchedule, sentAt: Date, after: Date): Date | null {
  const elapsed = after.getTime() - sentAt.getTime();
  let offset = schedule.recheckAfterMs.find((o) => o > elapsed);
  if (offset === undefined) {
    const last = schedule.recheckAfterMs.at(-1) ?? 0;
    const steps = Math.floor((elapsed - last) / schedule.recheckEveryMs) + 1;
    offset = last + Math.max(1, steps) * schedule.recheckEveryMs;
  }
  // The escalation moment is a check of its own, so a link still up goes on at once.
  if (elapsed < schedule.escalateAfterMs && offset > schedule.escalateAfterMs) offset = schedule.escalateAfterMs;
  if (offset > schedule.trackForMs) {
    if (elapsed < schedule.trackForMs) offset = schedule.trackForMs;
    else return null;
  }
  return new Date(sentAt.getTime() + offset);
}
