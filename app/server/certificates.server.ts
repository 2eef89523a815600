// Certificates of completion: the public verification page and the learner's download links (server only).
export {
  certificateCodeFor,
  getCertificate,
  type CertificateView,
} from '#server/modules/certificates/getCertificate.ts';
