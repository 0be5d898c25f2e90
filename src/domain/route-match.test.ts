import { matchRoute } from './route-match';

const routes = [
  { id: 'home', path: '/' },
  { id: 'providers', path: '/app/providers' },
  { id: 'profile', path: '/app/providers/us/:state/:city/:providerName/:providerId/:practiceId' },
  { id: 'anyApp', path: '/app/:page' },
];

describe('route matching', () => {
  it('matches the root', () => {
    expect(matchRoute(routes, '/')?.route.id).toBe('home');
  });

  it('prefers a static segment over a parameter', () => {
    expect(matchRoute(routes, '/app/providers')?.route.id).toBe('providers');
    expect(matchRoute(routes, '/app/other')?.route.id).toBe('anyApp');
  });

  it('reads decoded parameters', () => {
    expect(matchRoute(routes, '/app/providers/us/oh/columbus/jane%20doe/12/34')?.params).toEqual({
      state: 'oh',
      city: 'columbus',
      providerName: 'jane doe',
      providerId: '12',
      practiceId: '34',
    });
  });

  it('ignores a trailing slash and rejects extra segments', () => {
    expect(matchRoute(routes, '/app/providers/')?.route.id).toBe('providers');
    expect(matchRoute(routes, '/app/providers/x/y')).toBeUndefined();
  });

  it('does not match a malformed escape', () => {
    expect(matchRoute([{ id: 'p', path: '/p/:x' }], '/p/%E0%A4%A')).toBeUndefined();
  });
});
