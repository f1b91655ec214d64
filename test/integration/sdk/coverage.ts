/**
 * Which public methods of the SDK a suite called: `recorded(client)` is the client itself, each of its
 * resources wrapped so that a call is noted as `orders.create`, `webhooks.constructEvent` …, and a list it
 * returns (Paginated) noted as `Paginated.pages` …; `publicMethods(client)` finds every such method by
 * reflection, so a method added to the SDK shows up here without anyone listing it.
 */
import { NoticesClient, Paginated } from '../../../sdk/src';

type Called = Set<string>;

const isFunction = (v: unknown): v is (...args: unknown[]) => unknown => typeof v === 'function';
const keyName = (key: string | symbol) => (typeof key === 'symbol' ? `[${key.description}]` : key);

/** A resource's methods: a class instance's (its prototype's, but the constructor) or a plain object's functions. */
function methodsOf(resource: object): string[] {
  const proto = Object.getPrototypeOf(resource) as object;
  const holder = proto === Object.prototype ? resource : proto;
  return Reflect.ownKeys(holder)
    .filter((k) => k !== 'constructor' && isFunction(Reflect.get(holder, k)))
    .map(keyName);
}

/** Every public method of a client: `resource.method` for each resource, and the methods of Paginated. */
export function publicMethods(client: NoticesClient): string[] {
  const names = Object.entries(client)
    .filter((entry): entry is [string, object] => typeof entry[1] === 'object' && entry[1] !== null)
    .flatMap(([resource, value]) => methodsOf(value).map((m) => `${resource}.${m}`));
  const paginated = methodsOf(Paginated.prototype).map((m) => `Paginated.${m}`);
  return [...names, ...paginated].sort();
}

function recordPaginated<T>(list: Paginated<T>, called: Called): Paginated<T> {
  return new Proxy(list, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (!isFunction(value)) return value;
      return (...args: unknown[]) => {
        called.add(`Paginated.${keyName(key)}`);
        return value.apply(target, args);
      };
    },
  });
}

function recordResource<R extends object>(name: string, resource: R, called: Called): R {
  return new Proxy(resource, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (!isFunction(value)) return value;
      return (...args: unknown[]) => {
        called.add(`${name}.${keyName(key)}`);
        const result = value.apply(target, args);
        return result instanceof Paginated ? recordPaginated(result, called) : result;
      };
    },
  });
}

/** The client, every call through one of its resources noted in `called`. */
export function recorded(client: NoticesClient, called: Called): NoticesClient {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      return typeof key === 'string' && typeof value === 'object' && value !== null
        ? recordResource(key, value, called)
        : value;
    },
  });
}
