// A prototype measured for bench/results/answers-profile.md (issue 26, the next lever for components):
// draft-2003 URI-reference components sliced straight from the tagged DFA capture array, checked
// against components() on the corpus, then timed beside it, the capture alone and the regex.
// Run after npm run build: node bench/prototype-components-direct.cjs [CORPUS=path].
const fs=require("fs");const spec="draft-2003";
const idx=require(__dirname+"/../dist/src/index.js");
const T=require(__dirname+"/../dist/src/scanner/tagged.js");
const {getRevision,findRule}=require(__dirname+"/../dist/src/revisions/index.js");
const rev=getRevision(spec);const e=rev.ast[findRule(rev,"URI-reference").pegName];
const urls=fs.readFileSync(process.env.CORPUS||__dirname+"/corpus/debian-packages.txt","utf8").split("\n").filter(Boolean).filter(u=>idx.validate(u,{spec}));
const RE=/^(([^:/?#]+):)?(\/\/([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?/;
function direct(input){const c=T.capture(e.table,rev.scanner,input);if(c===null)return null;
 const scheme=c[4]>=0?input.slice(c[4],c[5]):null;
 let userinfo=null,host=null,port=null,hostKind=null,ps=c[4]>=0?c[5]+1:0;
 if(c[6]>=0){ps=c[7];if(c[20]>=0){host=input.slice(c[20],c[21]);hostKind="reg-name";}else if(c[10]>=0){host=input.slice(c[10],c[11]);hostKind=c[12]>=0?"IPv6":c[16]>=0?"IPv4":"hostname";} else host="";
  const hs=c[20]>=0?c[20]:c[10], he=c[20]>=0?c[21]:c[11];
  if(hs>c[6])userinfo=input.slice(c[6],hs-1); if(he>=0&&he<c[7])port=input.slice(he+1,c[7]);}
 const query=c[24]>=0?input.slice(c[24],c[25]):null, fragment=c[32]>=0?input.slice(c[32],c[33]):null;
 const pe=c[24]>=0?c[24]-1:c[32]>=0?c[32]-1:input.length;
 return {ok:true,spec,rule:"URI-reference",scheme,userinfo,host,port,path:input.slice(ps,pe),query,fragment,hostKind};}
let bad=0;for(const u of urls){const a=idx.components(u,{spec}),b=direct(u);for(const k of ["scheme","userinfo","host","port","path","query","fragment","hostKind"])if(a[k]!==b[k]){bad++;if(bad<5)console.log(k,u,a[k],b[k]);}}
console.log("mismatch",bad);
const f={RE:u=>RE.exec(u)!==null,components:u=>idx.components(u,{spec}).ok,direct:u=>direct(u)!==null,capture:u=>T.capture(e.table,rev.scanner,u)!==null};
function tm(g){for(let i=0;i<2000;i++)g(urls[i]);const t0=process.cpuUsage();for(const x of urls)g(x);const d=process.cpuUsage(t0);return (d.user+d.system)*1e3/urls.length;}
const acc={};for(const k in f)acc[k]=[];for(let r=0;r<11;r++)for(const k in f)acc[k].push(tm(f[k]));
const med=a=>a.sort((x,y)=>x-y)[a.length>>1];const base=med(acc.RE);
console.log(Object.keys(f).map(k=>k+" "+(med(acc[k])/base).toFixed(2)).join("  "));
