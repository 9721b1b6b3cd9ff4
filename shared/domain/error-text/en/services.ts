/** English: the errors of services, connections and keys. */
import type { LanguagePart } from '../render';

export const SERVICES = {
  errors: {
    network:
      'Could not reach {host}: {reason}. Check the connection settings and your network, then try again.',
    timeout:
      '{host} did not answer within {seconds} s. Try again later, or send long audio as an async job.',
    auth: 'The service refused the API key. Check the key of this connection in Settings, or issue a new one.',
    'unsupported-audio':
      'The service could not decode this audio. Use WAV, FLAC, Ogg, MP3 or raw PCM; the local engine needs 16 kHz or more.',
    'nothing-recognised':
      "No speech was recognized in this audio. Check that it contains speech in the engine's language.",
    'bad-request': "The service rejected the request. Check the connection's engine and settings.",
    'too-large':
      'The audio is too large for this request. Files over 16 MB are sent as async jobs.',
    busy: 'The service is busy with other requests of this key. Try again in a moment.',
    'engine-unavailable':
      'The recognition engine is unavailable. Try again later, or choose another engine for this connection.',
    server: 'The service failed. Try again later.',
    'bad-response':
      "The service answered in a way Kikitori does not understand. Check the connection's URLs.",
    'no-key': 'The connection “{connection}” has no API key. Add one in Settings.',
    'no-connection': 'There is no connection “{connection}”. Choose a connection in Settings.',
    keychain: 'The keychain failed. Check that the keychain is unlocked, then try again.',
    'keychain-library-missing':
      'The keychain library could not be loaded, so keys are kept for this session only. Install libsecret (apt-get install libsecret-1-0) and reinstall Kikitori.',
    'keychain-unavailable':
      'No keychain answered, so keys are kept for this session only. Start a Secret Service such as GNOME Keyring or KWallet to keep them.',
    'local-service': 'The local service has a problem: {reason}. Kikitori keeps trying by itself.',
    'insecure-url':
      'The address {url} is not secure: a cloud connection must use https:// (plain http:// only for 127.0.0.1 or localhost). Correct the address.',
    'service-starting': 'The local service is starting; this job waits for it (up to {seconds} s).',
    'service-not-started':
      'The local service did not start within {seconds} s. Check its status in Settings, then retry the job.',
    'over-budget':
      '{connection} has sent {used} of its monthly budget of {budget}, and {what} Send anyway only if you mean to, or raise the budget in Settings → Usage and cost.',
  },
  errorSubCodes: {
    'over-budget': {
      what: {
        files: 'these files would add {adding}, past the budget you set.',
        live: 'a live session now would go past the budget you set.',
      },
    },
    network: {
      reason: {
        'not-running': 'the local service is not running',
        refused: 'nothing answers at that address',
        dns: 'the host name was not found',
        reset: 'the connection was cut off',
        unreachable: 'the network cannot reach it',
        tls: 'the secure connection could not be set up',
        other: 'the connection failed',
      },
    },
    'local-service': {
      reason: {
        'engine-unavailable': 'its recognition engine is unavailable',
        'stopped-answering': 'it stopped answering',
        exited: 'it stopped',
        'health-check': 'its health check failed',
        'key-not-stored':
          'its key could not be stored in the keychain and is kept in memory while Kikitori retries',
      },
    },
  },
} as const satisfies LanguagePart;
