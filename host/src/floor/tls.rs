//! The TLS side of the link to the store: rustls trusting the floor's CA alone, with
//! `verify-full`'s checks or `verify-ca`'s (every check but the host's name).

use super::link::{LinkError, SslMode};
use hardware::cause::Cause;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::WebPkiServerVerifier;
use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme};
use std::path::Path;
use std::sync::Arc;
use tokio_postgres_rustls::MakeRustlsConnect;

/// The most a CA file may hold: a few certificates are a few kilobytes.
pub const MAX_CA_FILE_BYTES: u64 = 256 * 1024;

/// The rustls connector trusting `ca` alone.
pub(super) fn connector(mode: SslMode, ca: &Path) -> Result<MakeRustlsConnect, LinkError> {
    let bad = |detail: Cause| LinkError::CaFile {
        path: ca.to_path_buf(),
        detail,
    };
    let text = hardware::text::read_bounded(ca, MAX_CA_FILE_BYTES, "a CA file")
        .map_err(|e| bad(Cause::of(e)))?;
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(text.as_bytes()) {
        let cert = cert.map_err(|e| bad(Cause::worded(format!("not PEM ({e})"), e)))?;
        roots.add(cert).map_err(|e| {
            bad(Cause::worded(
                format!("a certificate does not read ({e})"),
                e,
            ))
        })?;
    }
    if roots.is_empty() {
        return Err(bad(Cause::said(
            "holds no certificate (-----BEGIN CERTIFICATE-----)",
        )));
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(|e| bad(Cause::of(e)))?;
    let config = match mode {
        SslMode::VerifyCa => {
            let full = WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider)
                .build()
                .map_err(|e| bad(Cause::of(e)))?;
            builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(AnyName(full)))
                .with_no_client_auth()
        }
        _ => builder.with_root_certificates(roots).with_no_client_auth(),
    };
    Ok(MakeRustlsConnect::new(config))
}

/// `verify-ca`: the full check but for the host's name.
#[derive(Debug)]
struct AnyName(Arc<WebPkiServerVerifier>);

impl ServerCertVerifier for AnyName {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        // The chain is checked before the name: a name error means the chain held.
        match self
            .0
            .verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now)
        {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.0.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.supported_verify_schemes()
    }
}
