/**
 * A simulated travel-booking backend: the tools an agent may call. Deterministic (a fixed catalog,
 * no network) and with a simulated clock: each tool has a fixed latency, so a recorded run has
 * the same timing every time.
 */

export interface Flight {
  readonly id: string;
  readonly origin: string;
  readonly destination: string;
  readonly date: string;
  readonly depart: string;
  readonly price: number;
}

export interface Hotel {
  readonly id: string;
  readonly city: string;
  readonly name: string;
  readonly rating: number;
  readonly pricePerNight: number;
}

const FLIGHTS: readonly Flight[] = [
  {
    id: 'TP943',
    origin: 'GVA',
    destination: 'LIS',
    date: '2026-05-04',
    depart: '10:40',
    price: 189,
  },
  {
    id: 'EZS1467',
    origin: 'GVA',
    destination: 'LIS',
    date: '2026-05-04',
    depart: '06:15',
    price: 142,
  },
  {
    id: 'TP946',
    origin: 'LIS',
    destination: 'GVA',
    date: '2026-05-08',
    depart: '17:25',
    price: 174,
  },
  {
    id: 'EZS1468',
    origin: 'LIS',
    destination: 'GVA',
    date: '2026-05-08',
    depart: '21:50',
    price: 156,
  },
];

const HOTELS: readonly Hotel[] = [
  { id: 'H-ALFAMA', city: 'Lisbon', name: 'Casa Alfama', rating: 4.6, pricePerNight: 132 },
  { id: 'H-BAIXA', city: 'Lisbon', name: 'Baixa Rooms', rating: 4.1, pricePerNight: 98 },
  { id: 'H-BELEM', city: 'Lisbon', name: 'Belém Riverside', rating: 4.8, pricePerNight: 240 },
];

/** Tool latencies in seconds (what the simulated clock advances by). */
export const LATENCY: Readonly<Record<string, number>> = {
  search_flights: 0.6,
  search_hotels: 0.9,
  get_weather: 0.2,
  book_flight: 1.2,
  book_hotel: 1.0,
  send_confirmation: 0.3,
};

/** The simulated clock the recorder reads (seconds). */
export class SimClock {
  now = 0;
  advance(seconds: number): void {
    this.now = Math.round((this.now + seconds) * 1e6) / 1e6;
  }
}

/**
 * The tools. Each takes one arguments object (as a model's tool call does) and returns a
 * JSON-safe result. Bookings get deterministic ids.
 */
export class TravelTools {
  readonly #bookings: string[] = [];

  search_flights(args: {
    origin: string;
    destination: string;
    date: string;
    cabin?: string;
  }): Flight[] {
    return FLIGHTS.filter(
      (f) => f.origin === args.origin && f.destination === args.destination && f.date === args.date,
    );
  }

  search_hotels(args: {
    city: string;
    check_in: string;
    check_out: string;
    guests: number;
  }): Hotel[] {
    return HOTELS.filter((h) => h.city === args.city);
  }

  get_weather(args: { city: string; date: string }): { city: string; forecast: string } {
    return { city: args.city, forecast: 'sunny, 24 °C' };
  }

  book_flight(args: { flight_id: string; passengers: number }): { booking: string } {
    return this.#book(`FL-${args.flight_id}-${args.passengers}`);
  }

  book_hotel(args: { hotel_id: string; check_in: string; check_out: string; guests: number }): {
    booking: string;
  } {
    return this.#book(`HT-${args.hotel_id}-${args.check_in}-${args.check_out}`);
  }

  send_confirmation(args: { to: string; bookings: readonly string[] }): { sent: boolean } {
    return { sent: args.bookings.every((b) => this.#bookings.includes(b)) };
  }

  #book(id: string): { booking: string } {
    this.#bookings.push(id);
    return { booking: id };
  }
}
