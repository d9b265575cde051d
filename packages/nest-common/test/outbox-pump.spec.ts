import { OutboxPump, type PumpBatch } from '../src/outbox/outbox-pump.js';

/** A pump over an in-memory list of batches (the loop is what is tested here; the services test it on real infra). */
class ListPump extends OutboxPump {
  calls = 0;
  constructor(private readonly batches: PumpBatch[], private readonly gate?: Promise<void>) {
    super('TestPump', 60_000, 2);
  }
  protected async relayOnce(): Promise<PumpBatch> {
    this.calls += 1;
    if (this.calls === 1 && this.gate) await this.gate;
    return this.batches.shift() ?? { claimed: 0, sent: 0 };
  }
}

describe('OutboxPump', () => {
  it('goes on while full batches make progress and answers how many rows went through', async () => {
    const pump = new ListPump([{ claimed: 2, sent: 2 }, { claimed: 2, sent: 2 }, { claimed: 1, sent: 1 }, { claimed: 2, sent: 2 }]);
    expect(await pump.drain()).toBe(5);
    expect(pump.calls).toBe(3);
  });

  it('stops when a full batch does not go through whole (a consumer that is down does not make it spin)', async () => {
    const pump = new ListPump([{ claimed: 2, sent: 0 }, { claimed: 2, sent: 2 }]);
    expect(await pump.drain()).toBe(0);
    expect(pump.calls).toBe(1);
    const partly = new ListPump([{ claimed: 2, sent: 1 }, { claimed: 2, sent: 2 }]);
    expect(await partly.drain()).toBe(1);
    expect(partly.calls).toBe(1);
  });

  it('a drain asked for during a drain shares it and runs one more round', async () => {
    let open!: () => void;
    const pump = new ListPump([{ claimed: 1, sent: 1 }, { claimed: 1, sent: 1 }], new Promise<void>((r) => { open = r; }));
    const first = pump.drain();
    const second = pump.drain();
    open();
    expect(await first).toBe(2);
    expect(await second).toBe(2);
    expect(pump.calls).toBe(2);
  });
});
