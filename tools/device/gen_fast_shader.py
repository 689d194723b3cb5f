# Writes shaders/fft/fast.comp from fast_template.glsl: expands the per-register lines (v0..v15)
# that GLSL cannot loop over without arrays. Run after editing the template.
# With --variants DIR it also writes DIR/<label>/ copies of shaders/ whose fft/fast.comp starts
# with the variant's defines (fast_template.glsl's switches), for fast_tune's FAST_ROOTS.
import re
src = open(__import__('os').path.join(__import__('os').path.dirname(__file__), 'fast_template.glsl')).read()
def block(fmt, indent="  "):
    s=[indent + fmt.format(m=0), indent + fmt.format(m=1)]
    for lo,hi in ((2,4),(4,8),(8,16)):
        s.append(f"#if P > {lo}")
        # wrap long lines at ~100 chars
        items=[fmt.format(m=m) for m in range(lo,hi)]
        line=indent
        for it in items:
            if len(line)+len(it)+1>100 and line.strip():
                s.append(line.rstrip()); line=indent
            line+=it+" "
        s.append(line.rstrip())
        s.append("#endif")
    return "\n".join(s)
first=[]
for P in (4,8,16):
    for R in (2,4,8):
        if R>=P: continue
        B=P//R
        groups=[]
        for b in range(B):
            rr=", ".join(f"v{b+r*B}" for r in range(R))
            groups.append(f"dft{R}({rr});")
        first.append(f"#elif P == {P} && R1 == {R}\n  " + "\n  ".join(groups))
rep = {
 "%W%": block("sh[sh_index(base + ({m} % B) * sB + ({m} / B) * sR)] = part(v{m}, round);"),
 "%RD%": block("v{m} = with_part(v{m}, round, sh[sh_index(t + T * {m})]);"),
 "%LD%": block("v{m} = imageLoad(uSrc, texel(t + T * {m}, line, layer));"),
 "%SW%": block("v{m} = v{m}.yxwz;", "    "),
 "%TW%": "\n".join(l for l in block("v{m} = cmul(v{m}, tw[{m} * step]);").split("\n") if "v0 =" not in l),
 "%STAGES%": "\n".join(f"#if STAGES > {s}\n  stage(R1{' * P' * (s - 1)}, {'true' if s == 1 else 'false'}, STAGES == {s + 1});\n#endif" for s in range(1, 12)),
 "%TWLD%": "\n".join(l for l in block("vec2 w{m} = tw[{m} * step];").split("\n") if "w0 =" not in l),
 "%TWEARLY%": "\n".join(l for l in block("v{m} = cmul(v{m}, w{m});").split("\n") if "v0 =" not in l),
 "%ST%": block("imageStore(uDst, texel(t + T * {m}, line, layer), v{m} * uScale);"),
 "%FIRST%": "\n".join(first),
}
for k,v in rep.items(): src=src.replace(k,v)
open(__import__('os').path.join(__import__('os').path.dirname(__file__), '../../shaders/fft/fast.comp'),'w').write(src)

VARIANTS = {
    "base": {},
    "g4": {"ROW_G": 4},
    "g8": {"ROW_G": 8},
    "g16": {"ROW_G": 16},
}
import sys, shutil, os
if len(sys.argv) == 3 and sys.argv[1] == "--variants":
    here = os.path.dirname(os.path.abspath(__file__))
    shaders = os.path.join(here, "../../shaders")
    roots = []
    for label, defs in VARIANTS.items():
        d = os.path.join(sys.argv[2], label)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(shaders, d)
        head, rest = src.split("\n", 1)
        extra = "".join(f"#define {k} {v}\n" for k, v in defs.items())
        open(os.path.join(d, "fft/fast.comp"), "w").write(head + "\n" + extra + rest)
        roots.append(f"{label}={d}")
    print(",".join(roots))
