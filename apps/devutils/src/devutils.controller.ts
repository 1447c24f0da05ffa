import { Controller } from '@nestjs/common';
import type { TollMessage } from '@toll/contracts';
import { GroupHealth, HealthOutput, TollRoute } from '@toll/platform';
import * as S from './devutils.schemas';
import { DevutilsService } from './devutils.service';
import { GeoService } from './geo.service';
import { PRICES } from './pricing';

const TIMEOUT_MS = 2_000;

@Controller()
export class DevutilsController {
  constructor(
    private readonly devutils: DevutilsService,
    private readonly geo: GeoService,
    private readonly health: GroupHealth,
  ) {}

  @TollRoute({
    operationId: 'devutils.getIp',
    method: 'GET',
    path: '/toll/devutils/ip',
    summary: "Geolocate the caller's IP (or a given one) offline: country, region, city, ASN, timezone",
    description:
      'Private, loopback, link-local and reserved addresses answer found: false with a reason. ' +
      'Data: IP Geolocation by DB-IP (https://db-ip.com, CC BY 4.0; credit required wherever results are used), ' +
      'ASN data by RouteViews, NRO and DB-IP (CC BY 4.0).',
    asks: [
      'what is my public IP address',
      'where is this IP address located',
      'geolocate an IP to country and city',
      'which ISP or ASN owns an IP',
      'time zone of an IP address',
      'my IP address and its location',
      'IP lookup to country and ASN',
      'which country is an IP in',
    ],
    price: PRICES.getIp,
    input: S.GetIpInput,
    output: S.GetIpOutput,
    timeoutMs: 5_000, // the first lookup of an address family loads its database
  })
  getIp(msg: TollMessage<S.GetIpInput>) {
    return this.geo.lookup(msg.input.ip, msg.caller.ip);
  }

  @TollRoute({
    operationId: 'devutils.genUuid',
    method: 'GET',
    path: '/toll/devutils/gen/uuid',
    summary: 'Random version-4 UUID',
    asks: [
      'generate a UUID',
      'give me a random unique identifier',
      'new v4 guid',
      'create a unique id for a record',
      'uuid v4 please',
      'random guid for a database key',
    ],
    price: PRICES.genUuid,
    input: S.EmptyInput,
    output: S.GenUuidOutput,
    timeoutMs: TIMEOUT_MS,
  })
  genUuid() {
    return this.devutils.genUuid();
  }

  @TollRoute({
    operationId: 'devutils.genPassword',
    method: 'GET',
    path: '/toll/devutils/gen/password',
    summary: 'Cryptographically random password (4-128 characters, default 20) with lower, upper, digit and symbol',
    asks: [
      'generate a strong password',
      'random 32 character password with symbols',
      'create a secure passphrase',
      'make me a new password',
      'random password of 16 characters',
      'secure random password generator',
    ],
    price: PRICES.genPassword,
    payerProof: true, // the answer is a credential: only the paying wallet may redeem it
    input: S.GenPasswordInput,
    output: S.GenPasswordOutput,
    timeoutMs: TIMEOUT_MS,
  })
  genPassword(msg: TollMessage<S.GenPasswordInput>) {
    return this.devutils.genPassword(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.genToken',
    method: 'GET',
    path: '/toll/devutils/gen/token',
    summary: 'Cryptographically random token in hex (1-256 bytes, default 32)',
    asks: [
      'random hex token',
      'generate an API secret key',
      'random bytes as hex',
      'create a random session token',
      'random secret in hex',
      'generate 32 random bytes',
    ],
    price: PRICES.genToken,
    payerProof: true, // the answer is a credential: only the paying wallet may redeem it
    input: S.GenTokenInput,
    output: S.GenTokenOutput,
    timeoutMs: TIMEOUT_MS,
  })
  genToken(msg: TollMessage<S.GenTokenInput>) {
    return this.devutils.genToken(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.encodeBase64',
    method: 'POST',
    path: '/toll/devutils/encode/base64',
    summary: 'Base64-encode UTF-8 text',
    asks: [
      'base64 encode some text',
      'convert a string to base64',
      'encode credentials for a Basic auth header',
      'turn text into base64',
      'encode a string as base64',
      'base64 of user:password',
    ],
    price: PRICES.encodeBase64,
    input: S.EncodeBase64Input,
    output: S.EncodeBase64Output,
    timeoutMs: TIMEOUT_MS,
  })
  encodeBase64(msg: TollMessage<S.EncodeBase64Input>) {
    return this.devutils.encodeBase64(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.decodeBase64',
    method: 'POST',
    path: '/toll/devutils/decode/base64',
    summary: 'Decode base64 (standard or URL-safe) and say whether the bytes are valid UTF-8',
    asks: [
      'decode this base64 string',
      'what does this base64 say',
      'convert base64 back to text',
      'is this base64 valid UTF-8',
      'decode base64 to text',
      'what is this base64 encoded string',
      'turn a base64 value back into readable text',
    ],
    price: PRICES.decodeBase64,
    input: S.DecodeBase64Input,
    output: S.DecodeBase64Output,
    timeoutMs: TIMEOUT_MS,
  })
  decodeBase64(msg: TollMessage<S.DecodeBase64Input>) {
    return this.devutils.decodeBase64(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.hashSha256',
    method: 'POST',
    path: '/toll/devutils/hash/sha256',
    summary: 'SHA-256 hex digest of UTF-8 text',
    asks: [
      'SHA-256 hash of a string',
      'compute a sha256 checksum',
      'hash this text with SHA256',
      'fingerprint text with a secure hash',
      'sha256 digest of text',
      'checksum with sha-256',
    ],
    price: PRICES.hashSha256,
    input: S.HashInput,
    output: S.HashOutput,
    timeoutMs: TIMEOUT_MS,
  })
  hashSha256(msg: TollMessage<S.HashInput>) {
    return this.devutils.hashSha256(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.hashMd5',
    method: 'POST',
    path: '/toll/devutils/hash/md5',
    summary: 'MD5 hex digest of UTF-8 text (checksums only: MD5 is not collision-resistant)',
    asks: [
      'MD5 of a string',
      'compute an md5 checksum',
      'md5 hash for a cache key',
      'legacy md5 digest of text',
      'md5 checksum of a string',
      'md5 hex of some text',
    ],
    price: PRICES.hashMd5,
    input: S.HashInput,
    output: S.HashOutput,
    timeoutMs: TIMEOUT_MS,
  })
  hashMd5(msg: TollMessage<S.HashInput>) {
    return this.devutils.hashMd5(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.decodeJwt',
    method: 'POST',
    path: '/toll/devutils/jwt/decode',
    summary: 'Decode a JWT header and payload; the signature is NOT verified',
    asks: [
      'decode a JWT',
      'decode a JSON web token to see its claims',
      'read the payload of a bearer token',
      "inspect a token's header and expiry without verifying",
      'decode an id_token',
      'decode jwt payload',
      "see what's inside an access token",
      'JWT claims and expiry',
      'when does this login token expire',
    ],
    price: PRICES.decodeJwt,
    input: S.DecodeJwtInput,
    output: S.DecodeJwtOutput,
    timeoutMs: TIMEOUT_MS,
  })
  decodeJwt(msg: TollMessage<S.DecodeJwtInput>) {
    return this.devutils.decodeJwt(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.getTimeNow',
    method: 'GET',
    path: '/toll/devutils/time/now',
    summary: 'Current time in an IANA time zone (default UTC)',
    asks: [
      'what time is it now in Tokyo',
      'current UTC time',
      'current date and time in a time zone',
      "what's the time in New York",
      'current time in a timezone',
      'what time is it in UTC now',
      'local time right now in a city',
      'the clock in a given IANA zone at this moment',
    ],
    price: PRICES.getTimeNow,
    input: S.GetTimeNowInput,
    output: S.GetTimeNowOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getTimeNow(msg: TollMessage<S.GetTimeNowInput>) {
    return this.devutils.getTimeNow(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.convertTime',
    method: 'POST',
    path: '/toll/devutils/time/convert',
    summary: 'Convert a time between IANA time zones, DST-aware',
    asks: [
      'convert 3pm London time to Los Angeles',
      'what time is a meeting in another time zone',
      'translate a timestamp between time zones',
      'convert time from UTC to Berlin',
      'convert a date and time to another timezone',
      'what is 9am Tokyo in Paris time',
    ],
    price: PRICES.convertTime,
    input: S.ConvertTimeInput,
    output: S.ConvertTimeOutput,
    timeoutMs: TIMEOUT_MS,
  })
  convertTime(msg: TollMessage<S.ConvertTimeInput>) {
    return this.devutils.convertTime(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.convertUnits',
    method: 'GET',
    path: '/toll/devutils/units/convert',
    summary: 'Convert a value between units of length, weight, temperature, volume, data or speed',
    asks: [
      'convert miles to kilometers',
      'how many pounds in 5 kg',
      'convert Fahrenheit to Celsius',
      'megabytes to gigabytes',
      'mph to km/h',
      'convert liters to gallons',
      'km to miles conversion',
      'celsius to fahrenheit',
    ],
    price: PRICES.convertUnits,
    input: S.ConvertUnitsInput,
    output: S.ConvertUnitsOutput,
    timeoutMs: TIMEOUT_MS,
  })
  convertUnits(msg: TollMessage<S.ConvertUnitsInput>) {
    return this.devutils.convertUnits(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.convertColor',
    method: 'GET',
    path: '/toll/devutils/color/convert',
    summary: 'Convert a colour between HEX, RGB and HSL (give one of hex, rgb, hsl; none gives a random colour)',
    asks: [
      'convert hex color to RGB',
      'what is #ff8800 in HSL',
      'RGB to hex code',
      'random color',
      'hex to hsl',
      'color code conversion from rgb',
    ],
    price: PRICES.convertColor,
    input: S.ConvertColorInput,
    output: S.ConvertColorOutput,
    timeoutMs: TIMEOUT_MS,
  })
  convertColor(msg: TollMessage<S.ConvertColorInput>) {
    return this.devutils.convertColor(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.parseCron',
    method: 'GET',
    path: '/toll/devutils/cron/parse',
    summary: 'Describe a cron expression in English and list its next 5 runs',
    asks: [
      'explain this cron expression',
      'when will this crontab schedule run next',
      'what does */5 * * * * mean',
      'next run times of a cron job',
      'cron schedule in plain English',
      'next runs of a crontab line',
    ],
    price: PRICES.parseCron,
    input: S.ParseCronInput,
    output: S.ParseCronOutput,
    timeoutMs: TIMEOUT_MS,
  })
  parseCron(msg: TollMessage<S.ParseCronInput>) {
    return this.devutils.parseCron(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.formatJson',
    method: 'POST',
    path: '/toll/devutils/json/format',
    summary: 'Pretty-print JSON (indent 0-8, default 2); invalid JSON is rejected with its line and column',
    asks: [
      'pretty print this JSON',
      'indent and beautify JSON',
      'format minified JSON so I can read it',
      'reformat JSON with 4 spaces',
      'prettify json',
      'make this JSON readable with indentation',
    ],
    price: PRICES.formatJson,
    input: S.FormatJsonInput,
    output: S.FormatJsonOutput,
    timeoutMs: TIMEOUT_MS,
  })
  formatJson(msg: TollMessage<S.FormatJsonInput>) {
    return this.devutils.formatJson(msg.input);
  }

  // Spec §4.16 leaves this one's price and body unshown: it takes {text} like json/format, costs the same
  // 0.005 as its siblings, and answers 200 either way, since invalid JSON is a result here, not an error.
  @TollRoute({
    operationId: 'devutils.validateJson',
    method: 'POST',
    path: '/toll/devutils/json/validate',
    summary: 'Check JSON syntax; reports the line and column of the first error',
    asks: [
      'is this valid JSON',
      'check JSON for syntax errors',
      'find where my JSON is broken',
      'validate a JSON document',
      'check whether text is valid JSON',
      'JSON syntax error line and column',
    ],
    price: PRICES.validateJson,
    input: S.ValidateJsonInput,
    output: S.ValidateJsonOutput,
    timeoutMs: TIMEOUT_MS,
  })
  validateJson(msg: TollMessage<S.ValidateJsonInput>) {
    return this.devutils.validateJson(msg.input);
  }

  @TollRoute({
    operationId: 'devutils.getHealth',
    method: 'GET',
    path: '/toll/devutils/health',
    summary: 'Dev Utilities service info and endpoint catalog',
    asks: [
      'is the developer utilities service up',
      'status of the dev tools service',
      'list the developer utility endpoints',
      'are the dev utils working',
      'dev utilities status',
      'developer tools service health',
    ],
    price: PRICES.getHealth,
    input: S.EmptyInput,
    output: HealthOutput,
    timeoutMs: TIMEOUT_MS,
  })
  getHealth() {
    return this.health.describe();
  }
}
