/**
 * The deliberately wrong "generated" agent: it computes the hotel's check-out as the last night
 * (the day before the return flight) instead of the departure day, so the hotel is searched and
 * booked one night short. Its test FAILS — that is the expected outcome (run.mjs checks it).
 */
import { dayBefore, planTrip, type AgentOptions, type TripRequest } from './agent.js';
import type { SimClock, TravelTools } from './tools.js';

export function planTripWrong(
  tools: TravelTools,
  clock: SimClock,
  req: TripRequest,
  options: AgentOptions = {},
): void {
  planTrip(tools, clock, req, options, (r) => dayBefore(r.return));
}
