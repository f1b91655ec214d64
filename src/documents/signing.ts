import { createHash, createPrivateKey, webcrypto, X509Certificate } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
import { SignPdf } from '@signpdf/signpdf';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * PAdES signatures (ETSI EN 319 142, baseline B-B) on the documents we issue: the PDF gets a signature
 * dictionary with SubFilter ETSI.CAdES.detached (@signpdf's placeholder and ByteRange handling), and the CMS
 * signature inside it carries the signed attributes PAdES asks for: content type, message digest and the ESS
 * signing-certificate-v2 (the signer's certificate bound to the signature), with the signing time in the
 * dictionary's M entry rather than a CMS attribute. Any PDF reader, poppler's `pdfsig`, or the EU's DSS
 * validator checks it.
 */

/** A signing key and its certificate chain, as PEM text (the signer's certificate first). */
export interface SigningIdentity {
  keyPem: string;
  certificatesPem: string;
}

/** Who signs, as the signature dictionary names them. */
export interface SignatureInfo {
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
}

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  commonName: '2.5.4.3',
  organisation: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
};

/** Room for the CMS signature in the PDF: the signature, the chain and their encoding, with ample margin. */
const SIGNATURE_BYTES = 16_384;

const engine = () =>
  new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as pkijs.ICryptoEngine['crypto'] });

const bufferSource = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

function pemBlocks(pem: string, label: string): Buffer[] {
  const re = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g');
  return [...pem.matchAll(re)].map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64'));
}

const toPem = (der: ArrayBuffer | Buffer, label: string) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der as ArrayBuffer)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** The WebCrypto algorithm that signs with this key: RSA PKCS#1 v1.5 or ECDSA, with SHA-256. */
function algorithmOf(keyPem: string): webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams {
  const key = createPrivateKey(keyPem);
  if (key.asymmetricKeyType === 'rsa') return { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const namedCurve = curve === 'prime256v1' ? 'P-256' : curve === 'secp384r1' ? 'P-384' : undefined;
    if (namedCurve) return { name: 'ECDSA', namedCurve };
  }
  throw new Error('The document signing key must be an RSA key or an EC key on P-256 or P-384.');
}

async function importKey(keyPem: string): Promise<CryptoKey> {
  const pkcs8 = createPrivateKey(keyPem).export({ type: 'pkcs8', format: 'der' });
  return webcrypto.subtle.importKey('pkcs8', bufferSource(pkcs8), algorithmOf(keyPem), false, ['sign']);
}

/**
 * The CMS SignedData of a PAdES B-B signature over the PDF's signed byte ranges, as @signpdf's Signer
 * extension point asks for it.
 */
export class PadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  async sign(content: Buffer): Promise<Buffer> {
    const certificatesDer = pemBlocks(this.identity.certificatesPem, 'CERTIFICATE');
    if (certificatesDer.length === 0) throw new Error('The document signing certificate has no PEM block.');
    const certificates = certificatesDer.map((der) => pkijs.Certificate.fromBER(bufferSource(der)));
    const [signer] = certificates;
    const sha256 = (b: Buffer) => bufferSource(createHash('sha256').update(b).digest());
    // ESS SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }; ESSCertIDv2 with the default
    // hash algorithm (SHA-256) is SEQUENCE { certHash OCTET STRING }; CAdES baseline leaves issuerSerial out.
    const signingCertificateV2 = new asn1js.Sequence({
      value: [
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({
              value: [new asn1js.OctetString({ valueHex: sha256(certificatesDer[0]) })],
            }),
          ],
        }),
      ],
    });
    const attribute = (type: string, value: asn1js.AsnType) => new pkijs.Attribute({ type, values: [value] });
    const cms = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
              attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: sha256(content) })),
              attribute(OID.signingCertificateV2, signingCertificateV2),
            ],
          }),
        }),
      ],
      certificates,
    });
    await cms.sign(await importKey(this.identity.keyPem), 0, 'SHA-256', undefined, engine());
    const signed = new pkijs.ContentInfo({ contentType: OID.signedData, content: cms.toSchema(true) });
    return Buffer.from(signed.toSchema().toBER(false));
  }
}

/** Signs a finished PDF: a signature placeholder appended as an incremental update, then filled in. */
export async function signPdf(pdf: Buffer, identity: SigningIdentity, info: SignatureInfo): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: info.reason,
    contactInfo: info.contactInfo,
    name: info.name,
    location: info.location,
    signingTime: info.signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  return new SignPdf().sign(withPlaceholder, new PadesSigner(identity), info.signingTime);
}

/**
 * A positive serial from random bytes whose DER encoding is minimal: a first byte of 0 followed by one below 0x80
 * is not valid DER, and NSS (pdfsig, Firefox, Acrobat's peers) then cannot read the certificate at all.
 */
export function certificateSerial(random: Uint8Array): Uint8Array {
  const serial = Uint8Array.from(random);
  serial[0] = (serial[0]! & 0x3f) | 0x40;
  return serial;
}

/**
 * A self-signed certificate and a fresh RSA key, for development and tests only: a document it signs verifies
 * as signed and unaltered, but names itself a development signer and chains to no trusted authority.
 * Production refuses to start without a real key and certificate (src/config.ts).
 */
export async function developmentSigningIdentity(organisation: string): Promise<SigningIdentity> {
  const crypto = engine();
  const algorithm = {
    name: 'RSASSA-PKCS1-v1_5',
    hash: 'SHA-256',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
  };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({
    valueHex: certificateSerial(webcrypto.getRandomValues(new Uint8Array(16))),
  });
  const name = [
    [OID.country, new asn1js.PrintableString({ value: 'GB' })],
    [OID.organisation, new asn1js.Utf8String({ value: organisation.slice(0, 64) })],
    [OID.commonName, new asn1js.Utf8String({ value: 'Document signing (DEVELOPMENT ONLY)' })],
  ] as const;
  for (const [type, value] of name) {
    certificate.subject.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type, value }));
    certificate.issuer.typesAndValues.push(new pkijs.AttributeTypeAndValue({ type, value }));
  }
  const now = Date.now();
  certificate.notBefore.value = new Date(now - 86_400_000);
  certificate.notAfter.value = new Date(now + 5 * 365 * 86_400_000);
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 });
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
    }),
    // digitalSignature and nonRepudiation (contentCommitment): a signer of documents, nothing else.
    new pkijs.Extension({ extnID: OID.keyUsage, critical: true, extnValue: keyUsage.toBER(false) }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, crypto);
  await certificate.sign(keys.privateKey, 'SHA-256', crypto);
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    keyPem: toPem(pkcs8, 'PRIVATE KEY'),
    certificatesPem: toPem(certificate.toSchema().toBER(false), 'CERTIFICATE'),
  };
}

/** The signer's certificate's SHA-256 fingerprint (hex, colon-separated), as the verification page shows it. */
export function certificateFingerprint(identity: SigningIdentity): string {
  const [der] = pemBlocks(identity.certificatesPem, 'CERTIFICATE');
  return createHash('sha256')
    .update(der)
    .digest('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');
}

/** A signing identity that can sign: its key parses, its certificate parses and matches the key. */
export function checkSigningIdentity(identity: SigningIdentity): void {
  algorithmOf(identity.keyPem);
  const [der] = pemBlocks(identity.certificatesPem, 'CERTIFICATE');
  if (!der) throw new Error('The document signing certificate file has no PEM CERTIFICATE block.');
  const cert = new X509Certificate(der);
  if (!cert.checkPrivateKey(createPrivateKey(identity.keyPem))) {
    throw new Error('The document signing certificate does not belong to the signing key.');
  }
}
