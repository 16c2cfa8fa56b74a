import { describe, expect, it } from 'vitest';
import { multipartFieldNames, multipartKeyBody, RecordedAnswers, requestKey, type RecordedAnswer } from '../../.storybook/backend-recording';

const key = (query: string) => requestKey({ method: 'get', pathAndQuery: `/graphql?query=${query}`, store: 'ca', body: null });
const answer = (query: string, body: string): RecordedAnswer => ({ key: key(query), status: 200, contentType: 'application/json', body });

describe('the static Storybook replays the embedded backend’s recorded answers', () => {
  it('keys a request by method, path and query, store view and body', () => {
    expect(key('a')).toBe(requestKey({ method: 'GET', pathAndQuery: '/graphql?query=a', store: 'ca', body: null }));
    expect(key('a')).not.toBe(requestKey({ method: 'GET', pathAndQuery: '/graphql?query=a', store: 'fr', body: null }));
    expect(requestKey({ method: 'POST', pathAndQuery: '/graphql', store: null, body: '{"a":1}' })).not.toBe(
      requestKey({ method: 'POST', pathAndQuery: '/graphql', store: null, body: '{"a":2}' }),
    );
  });

  it('keys a form upload by its field names, not by its random boundary', () => {
    const sent = [
      '--b1',
      'Content-Disposition: form-data; name="file"; filename="rx.pdf"',
      '',
      'x',
      '--b1',
      'Content-Disposition: form-data; name="email"',
      '',
      'a@b.c',
      '--b1--',
    ].join('\r\n');
    expect(multipartKeyBody(multipartFieldNames(sent))).toBe(multipartKeyBody(['email', 'file']));
  });

  it('answers in recorded order, then the last answer again', () => {
    const answers = new RecordedAnswers();
    answers.startStory([answer('cart', 'first'), answer('cart', 'second')]);
    expect([answers.take(key('cart'))?.body, answers.take(key('cart'))?.body, answers.take(key('cart'))?.body]).toEqual(['first', 'second', 'second']);
    expect(answers.take(key('other'))).toBeNull();
  });

  it('answers a late request of the story shown before, and forgets older stories', () => {
    const answers = new RecordedAnswers();
    answers.startStory([answer('suggestions', 'from the search story')]);
    answers.startStory([answer('cart', 'cart story')]);
    expect(answers.take(key('suggestions'))?.body).toBe('from the search story');
    answers.startStory([]);
    answers.startStory([]);
    expect(answers.take(key('suggestions'))).toBeNull();
  });

  it('adds the answers of every story of a docs page', () => {
    const answers = new RecordedAnswers();
    answers.startStory([answer('a', 'A')]);
    answers.add([answer('b', 'B')]);
    expect([answers.take(key('a'))?.body, answers.take(key('b'))?.body]).toEqual(['A', 'B']);
  });
});
