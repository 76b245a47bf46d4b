/**
 * A small, deterministic "travel agent": a fixed policy in place of a model, calling tools in
 * turns. Calls of one turn are issued together (parallel tool calls: the same timestamp); the
 * simulated clock then advances by the model's think time and the slowest call of the turn.
 */
import { LATENCY, type Flight, type SimClock, type TravelTools } from './tools.js';

export interface TripRequest {
  readonly origin: string;
  readonly destination: string;
  readonly city: string;
  readonly depart: string;
  readonly return: string;
  readonly travellers: number;
  readonly email: string;
}

export interface AgentOptions {
  /** Also look up the weather and ask for economy fares (extra calls and arguments). */
  readonly thorough?: boolean;
  /** Book the return flight before the outbound one. */
  readonly returnFirst?: boolean;
}

/** Think time of the model before each turn (seconds). */
export const THINK = 0.8;

/**
 * One turn: the model thinks, then issues the calls of `issue` together (the same timestamp);
 * the turn ends when the slowest of `tools` has answered.
 */
function turn<R>(clock: SimClock, tools: readonly string[], issue: () => R): R {
  clock.advance(THINK);
  const results = issue();
  clock.advance(Math.max(...tools.map((t) => LATENCY[t] ?? 0)));
  return results;
}

/** The day before `date` (YYYY-MM-DD). */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** How the agent computes the hotel's check-out date (the wrong agent gets it wrong). */
export type CheckOut = (req: TripRequest) => string;

/**
 * Plan and book a trip: search hotels and the outbound and return flights (one turn, parallel
 * calls), book the cheapest flights (one turn), book the best-rated hotel at most 150 a night,
 * then confirm by e-mail.
 */
export function planTrip(
  tools: TravelTools,
  clock: SimClock,
  req: TripRequest,
  options: AgentOptions = {},
  checkOut: CheckOut = (r) => r.return,
): void {
  const cabin = options.thorough ? { cabin: 'economy' } : {};
  const stay = { check_in: req.depart, check_out: checkOut(req), guests: req.travellers };
  // Object literal properties are evaluated in order: this is the call order within the turn.
  const found = turn(
    clock,
    ['search_hotels', 'search_flights', ...(options.thorough ? ['get_weather'] : [])],
    () => ({
      hotels: tools.search_hotels({ city: req.city, ...stay }),
      outbound: tools.search_flights({
        origin: req.origin,
        destination: req.destination,
        date: req.depart,
        ...cabin,
      }),
      inbound: tools.search_flights({
        origin: req.destination,
        destination: req.origin,
        date: req.return,
        ...cabin,
      }),
      weather: options.thorough
        ? tools.get_weather({ city: req.city, date: req.depart })
        : undefined,
    }),
  );
  const cheapest = (xs: readonly Flight[]): Flight => [...xs].sort((a, b) => a.price - b.price)[0]!;
  const flights = [cheapest(found.outbound), cheapest(found.inbound)];
  if (options.returnFirst) flights.reverse();
  const booked = turn(clock, ['book_flight'], () =>
    flights.map((f) => tools.book_flight({ flight_id: f.id, passengers: req.travellers })),
  );
  const hotel = found.hotels
    .filter((h) => h.pricePerNight <= 150)
    .sort((a, b) => b.rating - a.rating)[0]!;
  const room = turn(clock, ['book_hotel'], () => tools.book_hotel({ hotel_id: hotel.id, ...stay }));
  // Booking ids sorted: the confirmation does not depend on which flight was booked first.
  const bookings = [...booked.map((b) => b.booking), room.booking].sort();
  turn(clock, ['send_confirmation'], () => tools.send_confirmation({ to: req.email, bookings }));
}
