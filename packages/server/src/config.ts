import path from 'node:path';

/** Every setting comes from the environment; README lists them with these defaults. */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  /** unset: embedded PGlite under dataDir */
  databaseUrl: string | undefined;
  /** signs getKey requests; public by nature: the browser computes the signature, so it ships in index.html */
  signSecret: string;
  /** server-only: seals stored RSA keys, signs file links and watermark codes (never sent to a browser) */
  serverSecret: string;
  /** minutes without a request before a session ends */
  sessionIdleMinutes: number;
  /** hours after login when a session ends whatever its use */
  sessionAbsoluteHours: number;
  smsProvider: 'outbox' | 'none';
  /** the bank (decision 0018): the built-in simulator in process, or its own process over HTTP */
  bank: {
    mode: 'inprocess' | 'http';
    /** BANK_URL: the simulator process (`npm run bank-sim`) when mode is http */
    url: string;
    /** BANK_TIMEOUT_MS: an answer slower than this is a timeout (ask again by yurref) */
    timeoutMs: number;
    /** BANK_SIM_FINISH_DELAY_MS: in process, how long an accepted transfer takes to finish */
    finishDelayMs: number;
    /** BANK_SIM_DATABASE_URL (else DATABASE_URL): in process, where the bank keeps schema bank_sim */
    databaseUrl: string | undefined;
  };
  /** the task map (decision 0022) */
  maps: {
    /** MAP_TILE_URL: a tile address template ({z}/{x}/{y}); empty (the default): no tiles, points on a plain background */
    tileUrl: string;
    /** GEOCODER: offline (the default; the district from the packaged division data) or amap (a web-service regeo API) */
    geocoder: 'offline' | 'amap';
    /** GEOCODER_URL and GEOCODER_KEY: the provider's reverse-geocoding address and key */
    geocoderUrl: string;
    geocoderKey: string;
    /** GEOCODER_TIMEOUT_MS: a slower answer falls back to the offline name */
    geocoderTimeoutMs: number;
  };
  /** seed demo data into an empty database; default on except in production */
  seedDemo: boolean;
  logLevel: string;
  /** trust X-Forwarded-For (only behind a proxy you run; otherwise clients could fake their address) */
  trustProxy: boolean;
  /** where the built web app lives; served at / */
  webDist: string;
}

export const DEFAULT_SIGN_SECRET = 'fieldpay-dev-sign-secret';
/** development and test only: production refuses to start with it */
export const DEFAULT_SERVER_SECRET = 'fieldpay-dev-server-secret-not-for-production';
const MIN_SECRET_LENGTH = 32;

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
};

const MODES = ['development', 'test', 'production'] as const;

/** Unset means development; anything else but the three names (`Production`, `prod`) is a mistake, not development. */
function modeOf(value: string | undefined): AppConfig['env'] {
  if (value === undefined || value === '') return 'development';
  const mode = MODES.find((name) => name === value);
  if (!mode) throw new Error(`NODE_ENV must be development, test or production (exactly), got "${value}"`);
  return mode;
}

/** `1`/`true` or `0`/`false`; unset takes the fallback. */
function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be 1, true, 0 or false, got "${value}"`);
}

function bankMode(value: string | undefined): AppConfig['bank']['mode'] {
  if (value === undefined || value === '' || value === 'inprocess') return 'inprocess';
  if (value === 'http') return 'http';
  throw new Error(`BANK_GATEWAY must be inprocess or http, got "${value}"`);
}

function geocoderOf(value: string | undefined): AppConfig['maps']['geocoder'] {
  if (value === undefined || value === '' || value === 'offline') return 'offline';
  if (value === 'amap') return 'amap';
  throw new Error(`GEOCODER must be offline or amap, got "${value}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const mode = modeOf(env.NODE_ENV);
  const config: AppConfig = {
    env: mode,
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    signSecret: env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET,
    serverSecret: env.SERVER_SECRET ?? DEFAULT_SERVER_SECRET,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24, 'SESSION_ABSOLUTE_HOURS'),
    smsProvider: env.SMS_PROVIDER === 'none' ? 'none' : 'outbox',
    bank: {
      mode: bankMode(env.BANK_GATEWAY),
      url: env.BANK_URL ?? 'http://127.0.0.1:8090',
      timeoutMs: int(env.BANK_TIMEOUT_MS, 5000, 'BANK_TIMEOUT_MS'),
      finishDelayMs: int(env.BANK_SIM_FINISH_DELAY_MS, 2000, 'BANK_SIM_FINISH_DELAY_MS'),
      databaseUrl: env.BANK_SIM_DATABASE_URL || env.DATABASE_URL || undefined,
    },
    maps: {
      tileUrl: env.MAP_TILE_URL ?? '',
      geocoder: geocoderOf(env.GEOCODER),
      geocoderUrl: env.GEOCODER_URL ?? 'https://restapi.amap.com/v3/geocode/regeo',
      geocoderKey: env.GEOCODER_KEY ?? '',
      geocoderTimeoutMs: int(env.GEOCODER_TIMEOUT_MS, 3000, 'GEOCODER_TIMEOUT_MS'),
    },
    // production never seeds the demo accounts (published passwords) unless told to
    seedDemo: flag(env.SEED_DEMO, mode !== 'production', 'SEED_DEMO'),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY === 'true',
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
  };
  // SIGN_SECRET is published in index.html; the same value would hand out the server's keys
  if (config.serverSecret === config.signSecret) {
    throw new Error('SERVER_SECRET must differ from SIGN_SECRET (SIGN_SECRET is public)');
  }
  if (config.env === 'production') {
    if (config.signSecret === DEFAULT_SIGN_SECRET || config.signSecret.length < MIN_SECRET_LENGTH) {
      throw new Error('SIGN_SECRET must be set to a random value of at least 32 characters in production');
    }
    if (config.serverSecret === DEFAULT_SERVER_SECRET || config.serverSecret.length < MIN_SECRET_LENGTH) {
      throw new Error('SERVER_SECRET must be set to a random value of at least 32 characters in production');
    }
    if (config.smsProvider === 'outbox') {
      throw new Error('SMS_PROVIDER=outbox is a development provider; set a real provider in production');
    }
  }
  return config;
}
