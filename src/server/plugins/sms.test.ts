import { httpSmsSender, localSmsSender } from './sms';

describe('SMS adapters', () => {
  it('posts the number and text as JSON with the bearer token, and fails on a refusal so the job tries again', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let status = 202;
    const fakeFetch: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status });
    };
    const sender = httpSmsSender('https://sms.example.com/messages', 'key-1', fakeFetch);
    await sender.send('+16145550142', 'Reminder: your appointment is Monday.');
    expect(calls[0]!.url).toBe('https://sms.example.com/messages');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ to: '+16145550142', text: 'Reminder: your appointment is Monday.' });
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer key-1');
    status = 503;
    await expect(sender.send('+16145550142', 'again')).rejects.toThrow('503');
  });

  it('records texts offline, newest first, at the app clock', async () => {
    const sender = localSmsSender(() => new Date('2030-01-01T12:00:00Z'));
    await sender.send('+16145550142', 'first');
    await sender.send('+16145550142', 'second');
    expect(sender.outbox!.map((m) => m.text)).toEqual(['second', 'first']);
    expect(sender.outbox![0]!.at).toBe('2030-01-01T12:00:00.000Z');
  });
});
