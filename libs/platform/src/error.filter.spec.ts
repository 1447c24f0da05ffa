import { connect } from 'node:net';
import { Client } from 'pg';
import { isUnavailable, unhandledRejectionGuard } from './error.filter';
import { JsonLogger } from './logger';

const refused = () =>
  new Promise<Error>((resolve) => {
    const socket = connect(1, '127.0.0.1'); // nothing listens on port 1
    socket.on('error', resolve);
  });

describe(isUnavailable.name, () => {
  it('recognises a refused connection, as pg reports it', async () => {
    const client = new Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2_000 });
    const error = await client.connect().then(
      () => new Error('connected?'),
      (e: Error) => e,
    );
    expect(isUnavailable(error)).toBe(true);
    expect(isUnavailable(await refused())).toBe(true);
  });

  it('recognises Postgres restarting or shutting down, and a wrapped cause', () => {
    const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(isUnavailable(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isUnavailable(
        new Error('query failed', { cause: pgError('57P03', 'the database system is not yet accepting connections') }),
      ),
    ).toBe(true);
  });

  it('recognises an interactive transaction that expired on a slow database (rolled back, retryable)', () => {
    const expired = Object.assign(
      new Error('Transaction API error: A commit cannot be executed on an expired transaction.'),
      { code: 'P2028' },
    );
    expect(isUnavailable(expired)).toBe(true);
  });

  it('recognises a query on a connection the server ended, as pg and Prisma report it', async () => {
    const url = 'postgresql://postgres@127.0.0.1:5432/postgres';
    const client = new Client({ connectionString: url });
    await client.connect();
    const events: Error[] = [];
    client.on('error', (e) => events.push(e));
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]); // as a failover ends every session
    await admin.end();
    for (let i = 0; i < 50 && events.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const later = await client.query('SELECT 1').then(
      () => new Error('answered?'),
      (e: Error) => e,
    );
    expect(later.message).toBe('Client has encountered a connection error and is not queryable');
    expect([...events, later].map((e) => isUnavailable(e))).toEqual([true, true, true]);
    // Prisma's own words for the same loss (the payments and messaging logs of that run).
    const prisma = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(isUnavailable(prisma('P1017', 'Server has closed the connection.'))).toBe(true);
    expect(
      isUnavailable(
        prisma(
          'P2010',
          'Invalid `prisma.$queryRaw()` invocation:\n\n\nRaw query failed. Code: `N/A`. ' +
            'Message: `Server has closed the connection.`',
        ),
      ),
    ).toBe(true);
  });

  it('leaves real bugs as internal errors', () => {
    expect(isUnavailable(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' }))).toBe(false);
    expect(
      isUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })),
    ).toBe(false);
    expect(isUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe(unhandledRejectionGuard.name, () => {
  it("survives a connection the database ended under a library's timer, and rethrows anything else", () => {
    const logger = new JsonLogger('test', 'error');
    const events = jest.spyOn(logger, 'event').mockImplementation(() => undefined);
    const guard = unhandledRejectionGuard(logger);
    const lost = Object.assign(new Error('terminating connection due to unexpected postmaster exit'), {
      cause: { code: '57P01' },
    });
    expect(() => guard(lost)).not.toThrow();
    expect(events).toHaveBeenCalledWith('warn', 'backing service connection lost outside a request', {
      error: 'terminating connection due to unexpected postmaster exit',
    });
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(() => guard(bug)).toThrow(bug);
  });
});
