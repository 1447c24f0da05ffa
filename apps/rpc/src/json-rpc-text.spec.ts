import { MalformedAnswer, errorAnswer, requestText, responseText, splitAnswers } from './json-rpc-text';

describe('splitAnswers', () => {
  it('keeps each result as the exact text the node sent, u64 values included', () => {
    const text = '{"jsonrpc":"2.0","result":{"lamports":18446744073709551615,"data":["a]}\\"{[","base64"]},"id":0}';
    expect(splitAnswers(text)).toEqual(
      new Map([[0, { result: '{"lamports":18446744073709551615,"data":["a]}\\"{[","base64"]}' }]]),
    );
  });

  it('matches batch answers by id, whatever their order and spacing', () => {
    const text =
      ' [ {"id":1, "result" : null ,"jsonrpc":"2.0"} ' +
      ',\n{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid param: x"},"id":0} ] ';
    const answers = splitAnswers(text);
    expect(answers.get(0)).toEqual({ error: '{"code":-32602,"message":"Invalid param: x"}', errorCode: -32602 });
    expect(answers.get(1)).toEqual({ result: 'null' });
  });

  it('keeps a whole-batch refusal under the null id', () => {
    expect(
      splitAnswers('{"jsonrpc":"2.0","error":{"code":-32600,"message":"batch not allowed"},"id":null}').get(null),
    ).toEqual({
      error: '{"code":-32600,"message":"batch not allowed"}',
      errorCode: -32600,
    });
  });

  // Providers differ on keys around the result: none of these may be taken for a malformed answer.
  it.each([
    [
      '`error: null` next to the result',
      '{"jsonrpc":"2.0","result":{"context":{"slot":1},"value":null},"error":null,"id":0}',
      { result: '{"context":{"slot":1},"value":null}' },
    ],
    ['no `jsonrpc` member', '{"id":0,"result":393226680}', { result: '393226680' }],
    [
      'extra members (provider timing, context.apiVersion)',
      '{"jsonrpc":"2.0","result":{"context":{"apiVersion":"2.3.3","slot":5},"value":[]},"id":0,"took":3}',
      { result: '{"context":{"apiVersion":"2.3.3","slot":5},"value":[]}' },
    ],
    [
      'an error without `data`',
      '{"jsonrpc":"2.0","error":{"code":-32005,"message":"Node is behind by 42 slots"},"id":0}',
      { error: '{"code":-32005,"message":"Node is behind by 42 slots"}', errorCode: -32005 },
    ],
    [
      'an error whose code is not a number',
      '{"jsonrpc":"2.0","error":{"code":"RATE_LIMIT","message":"slow down"},"id":0}',
      { error: '{"code":"RATE_LIMIT","message":"slow down"}', errorCode: undefined },
    ],
  ])('accepts %s', (_what, text, answer) => {
    expect(splitAnswers(text).get(0)).toEqual(answer);
  });

  it.each([
    ['HTML', '<html>busy</html>'],
    ['a JSON value that is not a response', '42'],
    ['a response with neither result nor error', '{"jsonrpc":"2.0","id":0}'],
    ['an array of non-objects', '[1,2]'],
  ])('refuses %s', (_what, text) => {
    expect(() => splitAnswers(text)).toThrow(MalformedAnswer);
  });
});

describe('response and request text', () => {
  it('writes the caller id around the raw result or error', () => {
    expect(responseText('a"b', { result: '18446744073709551615' })).toBe(
      '{"jsonrpc":"2.0","result":18446744073709551615,"id":"a\\"b"}',
    );
    expect(responseText(null, errorAnswer(-32603, 'x', { code: 'UPSTREAM_TIMEOUT' }))).toBe(
      '{"jsonrpc":"2.0","error":{"code":-32603,"message":"x","data":{"code":"UPSTREAM_TIMEOUT"}},"id":null}',
    );
    expect(requestText(3, 'getSlot', undefined)).toBe('{"jsonrpc":"2.0","id":3,"method":"getSlot"}');
  });
});
